import { html } from './html';
import { GameMailContext, MailTemplate } from './mail-template';

export interface WebhookSwitchedOffContext {
  /** Where the posts went: the chat service's name for its address (discord.com, hooks.slack.com). */
  host: string;
  /** The game, for a game's webhook; null for the player's own (their turns in all their games). */
  game: GameMailContext | null;
  /** Where a player sets their own webhook again. */
  settingsUrl: string;
}

const what = (c: WebhookSwitchedOffContext) => (c.game ? `every post about ${c.game.gameTitle}` : 'every post of your turns');
const where = (c: WebhookSwitchedOffContext) => (c.game ? "the game's page" : 'your settings page');
const whereUrl = (c: WebhookSwitchedOffContext) => (c.game ? c.game.gameUrl : c.settingsUrl);
const still = (c: WebhookSwitchedOffContext) =>
  c.game ? 'The game goes on as before, and its players are still told of their turns.' : 'Your games go on as before, and you are still told of your turns.';

export const webhookSwitchedOffMail: MailTemplate<WebhookSwitchedOffContext> = (c) => ({
  subject: c.game ? `Turns of ${c.game.gameTitle} are no longer posted to your chat channel` : 'Your turns are no longer posted to your chat channel',
  text:
    `For a day, ${what(c)} to its chat channel (at ${c.host}) failed, so the posts were switched off. ${still(c)}\n\n` +
    `To post again, set the channel's address once more on ${where(c)}: ${whereUrl(c)}`,
  html: html`<p>For a day, ${what(c)} to its chat channel (at ${c.host}) failed, so the posts were switched off. ${still(c)}</p>
    <p>To post again, set the channel's address once more on <a href="${whereUrl(c)}">${where(c)}</a>.</p>`,
});
