/** The banner after a link was mailed to verify an address: check your mail, or have it sent again. */
import { useState } from 'react';
import { ResendVerificationDocument } from '../api/generated';
import { useMutations } from '../api/use-mutations';
import { CaughtMailNote, useMailCaught } from './caught-mail-note';
import { ProblemBanner } from './problem-banner';

export function VerificationNotice({ email, what }: { email: string; what: string }) {
  const submission = useMutations();
  const [sentAgain, setSentAgain] = useState(false);
  const mailCaught = useMailCaught();
  const resend = async () => {
    if (await submission.send(ResendVerificationDocument, { email })) setSentAgain(true);
  };
  return (
    <div className="card verification" role="status" aria-label="Check your mail">
      <h2>Check your mail</h2>
      <p>
        We sent a link to <strong>{email}</strong>. Open it within 24 hours to finish {what}.
      </p>
      {mailCaught ? <CaughtMailNote /> : <p className="muted small">Nothing there? Look in your spam folder, or have it sent again.</p>}
      <div className="form-actions">
        <button type="button" onClick={() => void resend()} disabled={submission.busy}>
          Send the link again
        </button>
        {sentAgain && <span className="saved">Sent again.</span>}
      </div>
      <ProblemBanner problem={submission.problem} onDismiss={submission.dismiss} />
    </div>
  );
}
