import { html } from './html';
import { GameMailContext, MailTemplate } from './mail-template';

export interface TableExpiredContext extends GameMailContext {
  /** How long it waited for players. */
  afterDays: number;
  /** Where a new game is made or joined. */
  lobbyUrl: string;
}

export const tableExpiredMail: MailTemplate<TableExpiredContext> = (c) => ({
  subject: `Closed before it began: ${c.gameTitle}`,
  text:
    `${c.gameTitle} (${c.rulesetName}) did not start within ${c.afterDays} days of being opened, so it was closed.\n\n` +
    `Start a new game, or join one that is about to begin: ${c.lobbyUrl}`,
  html: html`<p><strong>${c.gameTitle}</strong> (${c.rulesetName}) did not start within ${c.afterDays} days of being opened, so it was closed.</p>
    <p><a href="${c.lobbyUrl}">Start a new game, or join one that is about to begin</a></p>`,
});
