import type { MoveDeadlineSettings } from '../../play/platform-events';
import { html } from './html';
import { formatTime, GameMailContext, MailTemplate } from './mail-template';

export interface DeadlinePassedContext extends GameMailContext {
  latePlayer: string;
  /** The recipient is the player who ran out of time. */
  recipientIsLate: boolean;
  /** The recipient hosts the game (and chooses what happens, where the settings leave it to the host). */
  recipientIsHost: boolean;
  hostName: string;
  onExpiry: MoveDeadlineSettings['onExpiry'];
  /** The new deadline, where it was extended; null where not (or not known, in a mail planned before it was told). */
  extendedTo: Date | null;
  /** The mail tells the late player that the host gave them more time, after their deadline passed. */
  extendedByHost: boolean;
}

function outcome(c: DeadlinePassedContext): string {
  switch (c.onExpiry) {
    case 'ASK_HOST':
      return c.recipientIsHost
        ? "You now choose, on the game's page, whether to give more time, skip the turn or end the game."
        : "The host now chooses, on the game's page, whether to give more time, skip the turn or end the game.";
    case 'EXTEND':
      if (!c.extendedTo) return 'As the game settings say, the deadline was extended.';
      return c.recipientIsLate
        ? `As the game settings say, you have more time: please move by ${formatTime(c.extendedTo, c.timeZone)}.`
        : `As the game settings say, ${c.latePlayer} has more time: the deadline was extended to ${formatTime(c.extendedTo, c.timeZone)}.`;
    case 'SKIP':
      return 'As the game settings say, the turn was skipped.';
    case 'END':
      return 'As the game settings say, the game was ended with the current result.';
    case 'BOT':
      return 'As the game settings say, a bot played the turn.';
  }
}

/** The late player's mail when the host extends their deadline. */
const moreTimeMail: MailTemplate<DeadlinePassedContext> = (c) => {
  const what = `Your move deadline in ${c.gameTitle} (${c.rulesetName}) had passed, and ${c.hostName}, the host, gave you more time.`;
  const until = c.extendedTo ? `Please move by ${formatTime(c.extendedTo, c.timeZone)}.` : '';
  return {
    subject: `More time to move: ${c.gameTitle}`,
    text: `${what}${until ? `\n${until}` : ''}\n\nPlay: ${c.gameUrl}`,
    html: html`<p>Your move deadline in <strong>${c.gameTitle}</strong> (${c.rulesetName}) had passed, and ${c.hostName}, the host, gave you more time.</p>
      ${until ? html`<p>${until}</p>` : ''}
      <p><a href="${c.gameUrl}">Play your move</a></p>`,
  };
};

export const deadlinePassedMail: MailTemplate<DeadlinePassedContext> = (c) => {
  if (c.extendedByHost) return moreTimeMail(c);
  const what = c.recipientIsLate ? 'You ran out of time' : `${c.latePlayer} ran out of time`;
  return {
    subject: `Deadline passed: ${c.gameTitle}`,
    text: `${what} in ${c.gameTitle} (${c.rulesetName}).\n${outcome(c)}\n\nThe game: ${c.gameUrl}`,
    html: html`<p>${what} in <strong>${c.gameTitle}</strong> (${c.rulesetName}).</p>
      <p>${outcome(c)}</p>
      <p><a href="${c.gameUrl}">Open the game</a></p>`,
  };
};
