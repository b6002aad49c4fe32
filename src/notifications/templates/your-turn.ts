import { ChatSummary, chatSummaryHtml, chatSummaryText } from './chat-summary';
import { html } from './html';
import { formatTime, GameMailContext, listNames, MailTemplate } from './mail-template';

export interface YourTurnContext extends GameMailContext {
  /** Who acted since the recipient's last move, in order. */
  movedBy: string[];
  /** What happened since then, one readable line per event, as the recipient may see it. */
  summary: string[];
  /** The recipient has not moved yet in this game: the summary runs from its start. */
  sinceStart: boolean;
  deadline: Date | null;
  /** The game's chat lines the player has not seen yet; null when there are none. */
  chat: ChatSummary | null;
  /** The game's page opened on the recipient's last move, ready to step through what happened since. */
  sinceUrl: string;
}

export const yourTurnMail: MailTemplate<YourTurnContext> = (c) => {
  const who = c.movedBy.length > 0 ? `${listNames(c.movedBy)} moved` : 'The game is waiting for you';
  const deadline = c.deadline ? `Please move by ${formatTime(c.deadline, c.timeZone)}.` : '';
  const since = c.sinceStart ? 'Since the game began:' : 'Since your last move:';
  const replay = c.sinceStart ? 'See what happened since the game began' : 'See what happened since your last move';
  return {
    subject: `Your turn: ${c.gameTitle}`,
    text: [
      `${who} in ${c.gameTitle} (${c.rulesetName}). It is your turn.`,
      '',
      since,
      ...c.summary.map((line) => `  - ${line}`),
      ...(c.deadline ? ['', deadline] : []),
      ...(c.chat ? ['', ...chatSummaryText(c.chat)] : []),
      '',
      `${replay}, move by move, then play yours: ${c.sinceUrl}`,
    ].join('\n'),
    html: html`<p>${who} in <strong>${c.gameTitle}</strong> (${c.rulesetName}). It is your turn.</p>
      <p>${since}</p>
      <ul>
        ${c.summary.map((line) => html`<li>${line}</li>`)}
      </ul>
      ${c.deadline ? html`<p>${deadline}</p>` : ''} ${c.chat ? chatSummaryHtml(c.chat) : ''}
      <p><a href="${c.sinceUrl}">${replay}</a>, move by move, then play yours.</p>`,
  };
};
