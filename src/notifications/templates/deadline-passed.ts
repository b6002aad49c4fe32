import type { MoveDeadlineSettings } from '../../play/platform-events';
import { html } from './html';
import { GameMailContext, MailTemplate } from './mail-template';

export interface DeadlinePassedContext extends GameMailContext {
  latePlayer: string;
  /** The recipient is the player who ran out of time (else the host). */
  recipientIsLate: boolean;
  onExpiry: MoveDeadlineSettings['onExpiry'];
}

const OUTCOMES: Record<MoveDeadlineSettings['onExpiry'], string> = {
  ASK_HOST: "The host now chooses, on the game's page, whether to give more time, skip the turn or end the game.",
  EXTEND: 'As the game settings say, the deadline was extended.',
  SKIP: 'As the game settings say, the turn was skipped.',
  END: 'As the game settings say, the game was ended with the current result.',
};

export const deadlinePassedMail: MailTemplate<DeadlinePassedContext> = (c) => {
  const what = c.recipientIsLate ? 'You ran out of time' : `${c.latePlayer} ran out of time`;
  return {
    subject: `Deadline passed: ${c.gameTitle}`,
    text: `${what} in ${c.gameTitle} (${c.rulesetName}).\n${OUTCOMES[c.onExpiry]}\n\nThe game: ${c.gameUrl}`,
    html: html`<p>${what} in <strong>${c.gameTitle}</strong> (${c.rulesetName}).</p>
<p>${OUTCOMES[c.onExpiry]}</p>
<p><a href="${c.gameUrl}">Open the game</a></p>`,
  };
};
