/** The game's chat lines a player has not seen, as a part of a mail ("your turn" and "new messages"). */
import { html, SafeHtml } from './html';

export interface ChatSummary {
  /** The newest lines, oldest first. */
  lines: Array<{ authorName: string; text: string }>;
  /** How many there are in all (more than `lines` when only the newest are shown). */
  count: number;
}

function heading(chat: ChatSummary): string {
  const more = chat.count - chat.lines.length;
  return `New in the game's chat${more > 0 ? ` (the last ${chat.lines.length} of ${chat.count} messages)` : ''}:`;
}

export function chatSummaryText(chat: ChatSummary): string[] {
  return [heading(chat), ...chat.lines.map((line) => `  ${line.authorName}: ${line.text}`)];
}

export function chatSummaryHtml(chat: ChatSummary): SafeHtml {
  return html`<p>${heading(chat)}</p>
    <ul>
      ${chat.lines.map((line) => html`<li><strong>${line.authorName}:</strong> ${line.text}</li>`)}
    </ul>`;
}
