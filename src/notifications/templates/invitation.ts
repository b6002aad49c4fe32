import { html } from './html';
import { GameMailContext, MailTemplate } from './mail-template';

export interface InvitationContext extends GameMailContext {
  hostName: string;
}

export const invitationMail: MailTemplate<InvitationContext> = (c) => ({
  subject: `${c.hostName} invites you to play ${c.rulesetName}`,
  text: `${c.hostName} invites you to a game of ${c.rulesetName}: ${c.gameTitle}.\n\nTake a seat: ${c.gameUrl}`,
  html: html`<p>${c.hostName} invites you to a game of ${c.rulesetName}: <strong>${c.gameTitle}</strong>.</p>
    <p><a href="${c.gameUrl}">Take a seat</a></p>`,
});

export interface SeatOfferContext extends GameMailContext {
  /** The seat's player until now ("Bob", or "Seat 2"). */
  playerName: string;
  /** Where to accept: the game, or (an address without an account) the sign-up. */
  takeOverUrl: string;
  /** The address has no account yet: it signs up first. */
  signUp: boolean;
}

/** A seat in a game being played offered to the reader, by its player or by the host once its player ran out of time. */
export const seatOfferMail: MailTemplate<SeatOfferContext> = (c) => {
  const how = c.signUp ? 'Sign up with this address to take it over' : 'Take it over';
  return {
    subject: `Take over a seat in a game of ${c.rulesetName}`,
    text: `You are asked to take over ${c.playerName}'s seat in a game of ${c.rulesetName} being played: ${c.gameTitle}. You would play on from where the game stands, with everything that seat holds.\n\n${how}: ${c.takeOverUrl}`,
    html: html`<p>
        You are asked to take over ${c.playerName}'s seat in a game of ${c.rulesetName} being played: <strong>${c.gameTitle}</strong>. You would play on from
        where the game stands, with everything that seat holds.
      </p>
      <p><a href="${c.takeOverUrl}">${how}</a></p>`,
  };
};
