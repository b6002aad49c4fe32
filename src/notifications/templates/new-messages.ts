import { ChatSummary, chatSummaryHtml, chatSummaryText } from './chat-summary';
import { html } from './html';
import type { GameMailContext, MailTemplate } from './mail-template';

export interface NewMessagesContext extends GameMailContext {
  /** Null in a digest, which lists the mail by its subject only. */
  chat: ChatSummary | null;
}

export const newMessagesMail: MailTemplate<NewMessagesContext> = (c) => ({
  subject: `New messages: ${c.gameTitle}`,
  text: [
    `Players wrote in the chat of ${c.gameTitle} (${c.rulesetName}).`,
    ...(c.chat ? ['', ...chatSummaryText(c.chat)] : []),
    '',
    `Answer: ${c.gameUrl}`,
  ].join('\n'),
  html: html`<p>Players wrote in the chat of <strong>${c.gameTitle}</strong> (${c.rulesetName}).</p>
    ${c.chat ? chatSummaryHtml(c.chat) : ''}
    <p><a href="${c.gameUrl}">Open the game</a></p>`,
});
