import { html } from './html';
import { formatTime, GameMailContext, MailTemplate } from './mail-template';

export interface AgreementRequestContext extends GameMailContext {
  askerName: string;
  /** A takeback (with its reason, and where it goes back to: "move 19 (round 1)"; null where not known), or ending the game as it stands. */
  request: { kind: 'takeback'; reason: string; position: string | null } | { kind: 'end' };
  expiresAt: Date;
}

export const agreementRequestMail: MailTemplate<AgreementRequestContext> = (c) => {
  // The request, around the game's name.
  const [before, after] =
    c.request.kind === 'end'
      ? [`${c.askerName} proposes to end `, ' now, as it stands.']
      : c.request.position
        ? [`${c.askerName} asks everyone to agree to take `, ` back to ${c.request.position}.`]
        : [`${c.askerName} asks everyone to agree to take some moves back in `, '.'];
  const subject = c.request.kind === 'takeback' ? `${c.askerName} asks for a takeback in ${c.gameTitle}` : `${c.askerName} proposes to end ${c.gameTitle}`;
  const reason = c.request.kind === 'takeback' ? c.request.reason : null;
  const until = formatTime(c.expiresAt, c.timeZone);
  return {
    subject,
    text: `${before}${c.gameTitle}${after}${reason ? `\nReason: ${reason}` : ''}\n\nIt happens only if every player agrees; a decline or a new move ends the request, and unanswered it lapses on ${until}.\n\nAgree or decline: ${c.gameUrl}`,
    html: html`<p>${before}<strong>${c.gameTitle}</strong>${after}</p>
      ${reason ? html`<p>Reason: ${reason}</p>` : ''}
      <p>It happens only if every player agrees; a decline or a new move ends the request, and unanswered it lapses on ${until}.</p>
      <p><a href="${c.gameUrl}">Agree or decline</a></p>`,
  };
};
