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
