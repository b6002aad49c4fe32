import { html } from './html';
import { formatTime, GameMailContext, MailTemplate } from './mail-template';

export interface DeadlineReminderContext extends GameMailContext {
  deadline: Date;
}

export const deadlineReminderMail: MailTemplate<DeadlineReminderContext> = (c) => {
  const due = formatTime(c.deadline, c.timeZone);
  return {
    subject: `Reminder: your move in ${c.gameTitle} is due ${due}`,
    text: `Your move in ${c.gameTitle} (${c.rulesetName}) is due by ${due}.\n\nPlay: ${c.gameUrl}`,
    html: html`<p>Your move in <strong>${c.gameTitle}</strong> (${c.rulesetName}) is due by ${due}.</p>
      <p><a href="${c.gameUrl}">Play your move</a></p>`,
  };
};
