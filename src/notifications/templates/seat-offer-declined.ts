import { html } from './html';
import { GameMailContext, MailTemplate } from './mail-template';

export interface SeatOfferDeclinedContext extends GameMailContext {
  /** The seat offered, as players count them (from 1). */
  seatNumber: number;
}

export const seatOfferDeclinedMail: MailTemplate<SeatOfferDeclinedContext> = (c) => ({
  subject: `Your offer of seat ${c.seatNumber} was declined: ${c.gameTitle}`,
  text:
    `The person you asked to take over seat ${c.seatNumber} in ${c.gameTitle} (${c.rulesetName}) declined. ` +
    `The seat stays as it is: offer it to someone else, or withdraw the offer, on the game's page: ${c.gameUrl}`,
  html: html`<p>The person you asked to take over seat ${c.seatNumber} in <strong>${c.gameTitle}</strong> (${c.rulesetName}) declined.</p>
    <p>The seat stays as it is: offer it to someone else, or withdraw the offer, on <a href="${c.gameUrl}">the game's page</a>.</p>`,
});
