/**
 * The pages links in mail open: `/verify-email?token=…` (a new account's or
 * a new address's link) signs the player in at once; `/reset-password?token=…`
 * asks for a new password first. Either then goes to the player's games.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ResetPasswordDocument, VerifyEmailDocument } from '../api/generated';
import { useMutations } from '../api/use-mutations';
import { PasswordInput } from '../components/password-input';
import { ProblemBanner } from '../components/problem-banner';
import { Link, useRouter } from '../router';
import { useSession } from '../session';

export function VerifyEmailPage({ token }: { token: string }) {
  const session = useSession();
  const { navigate } = useRouter();
  const verification = useMutations();
  // A link is used once: React may run an effect twice, the request must not be.
  const asked = useRef(false);

  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    void verification.send(VerifyEmailDocument, { token }).then((data) => {
      if (!data) return;
      session.signedIn(data.verifyEmail);
      navigate('/');
    });
  }, [token, session, navigate, verification]);

  return (
    <main className="login">
      <div className="card">
        <h2>Confirming your address</h2>
        {verification.problem ? (
          <>
            <ProblemBanner problem={verification.problem} />
            <Link to="/">Go to the start page</Link>
          </>
        ) : (
          <p className="muted">One moment…</p>
        )}
      </div>
    </main>
  );
}

export function ResetPasswordPage({ token }: { token: string }) {
  const session = useSession();
  const { navigate } = useRouter();
  const [password, setPassword] = useState('');
  const submission = useMutations();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const data = await submission.send(ResetPasswordDocument, { token, newPassword: password });
    if (!data) return;
    session.signedIn(data.resetPassword);
    navigate('/');
  };

  return (
    <main className="login">
      <form className="card" onSubmit={submit} aria-label="Choose a new password">
        <h2>Choose a new password</h2>
        <p className="muted">You will be logged out everywhere else.</p>
        <PasswordInput label="New password" name="newPassword" value={password} onChange={setPassword} isNew />
        <ProblemBanner problem={submission.problem} onDismiss={submission.dismiss} />
        <button type="submit" className="primary" disabled={submission.busy}>
          Set the new password
        </button>
        <Link to="/forgot-password">Ask for a new link</Link>
      </form>
    </main>
  );
}
