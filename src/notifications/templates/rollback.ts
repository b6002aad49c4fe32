import { html } from './html';
import { GameMailContext, MailTemplate } from './mail-template';

export interface RollbackContext extends GameMailContext {
  hostName: string;
  /** Where the game went back to, in moves: "move 14 (round 2)". */
  position: string;
  reason: string;
}

export const rollbackMail: MailTemplate<RollbackContext> = (c) => ({
  subject: `Rolled back: ${c.gameTitle}`,
  text: `${c.hostName} rolled ${c.gameTitle} back to ${c.position}.\nReason: ${c.reason}\n\nEverything after that point is undone but stays in the history: ${c.gameUrl}`,
  html: html`<p>${c.hostName} rolled <strong>${c.gameTitle}</strong> back to ${c.position}.</p>
    <p>Reason: ${c.reason}</p>
    <p>Everything after that point is undone but stays in the <a href="${c.gameUrl}">history</a>.</p>`,
});
