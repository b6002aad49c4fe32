import { html } from './html';
import { GameMailContext, MailTemplate } from './mail-template';

export interface RollbackContext extends GameMailContext {
  hostName: string;
  toVersion: number;
  reason: string;
}

export const rollbackMail: MailTemplate<RollbackContext> = (c) => ({
  subject: `Rolled back: ${c.gameTitle}`,
  text: `${c.hostName} rolled ${c.gameTitle} back to version ${c.toVersion}.\nReason: ${c.reason}\n\nEverything after that point is undone but stays in the history: ${c.gameUrl}`,
  html: html`<p>${c.hostName} rolled <strong>${c.gameTitle}</strong> back to version ${c.toVersion}.</p>
<p>Reason: ${c.reason}</p>
<p>Everything after that point is undone but stays in the <a href="${c.gameUrl}">history</a>.</p>`,
});
