import { html } from './html';
import { GameMailContext, MailTemplate } from './mail-template';

export interface WebhookSwitchedOffContext extends GameMailContext {
  /** Where the posts went: the chat service's name for its address (discord.com, hooks.slack.com). */
  host: string;
}

export const webhookSwitchedOffMail: MailTemplate<WebhookSwitchedOffContext> = (c) => ({
  subject: `Turns of ${c.gameTitle} are no longer posted to your chat channel`,
  text:
    `For a day, every post about ${c.gameTitle} to its chat channel (at ${c.host}) failed, so the posts were switched off. ` +
    `The game goes on as before, and its players are still told of their turns.\n\n` +
    `To post again, set the channel's address once more on the game's page: ${c.gameUrl}`,
  html: html`<p>
      For a day, every post about <strong>${c.gameTitle}</strong> to its chat channel (at ${c.host}) failed, so the posts were switched off. The game goes on as
      before, and its players are still told of their turns.
    </p>
    <p>To post again, set the channel's address once more on <a href="${c.gameUrl}">the game's page</a>.</p>`,
});
