import { html } from './html';
import { formatTime, GameMailContext, MailTemplate } from './mail-template';

export interface AgreementRequestContext extends GameMailContext {
  askerName: string;
  /** A takeback (with its reason), or ending the game as it stands. */
  request: { kind: 'takeback'; reason: string } | { kind: 'end' };
  expiresAt: Date;
}

export const agreementRequestMail: MailTemplate<AgreementRequestContext> = (c) => {
  const asks = c.request.kind === 'takeback' ? 'asks everyone to agree to take some moves back' : 'proposes to end the game now, as it stands';
  const subject = c.request.kind === 'takeback' ? `${c.askerName} asks for a takeback in ${c.gameTitle}` : `${c.askerName} proposes to end ${c.gameTitle}`;
  const reason = c.request.kind === 'takeback' ? c.request.reason : null;
  const until = formatTime(c.expiresAt);
  return {
    subject,
    text: `${c.askerName} ${asks} in ${c.gameTitle}.${reason ? `\nReason: ${reason}` : ''}\n\nIt happens only if every player agrees; a decline or a new move ends the request, and unanswered it lapses on ${until}.\n\nAgree or decline: ${c.gameUrl}`,
    html: html`<p>${c.askerName} ${asks} in <strong>${c.gameTitle}</strong>.</p>
${reason ? html`<p>Reason: ${reason}</p>` : ''}
<p>It happens only if every player agrees; a decline or a new move ends the request, and unanswered it lapses on ${until}.</p>
<p><a href="${c.gameUrl}">Agree or decline</a></p>`,
  };
};
