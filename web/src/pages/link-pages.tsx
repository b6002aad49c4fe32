/**
 * The pages links in mail open: `/verify-email?token=…` (a new account's or
 * a new address's link) signs the player in at once; `/reset-password?token=…`
 * asks for a new password first. Either then goes to the player's games.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { request } from '../api/client';
import { problemOf, type Problem } from '../api/errors';
import { RESET_PASSWORD, VERIFY_EMAIL } from '../api/operations';
import { useSubmission } from '../api/use-submission';
import { PasswordInput } from '../components/password-input';
import { ProblemBanner } from '../components/problem-banner';
import { Link, useRouter } from '../router';
import { useSession, type AuthPayload } from '../session';

export function VerifyEmailPage({ token }: { token: string }) {
  const session = useSession();
  const { navigate } = useRouter();
  const [problem, setProblem] = useState<Problem | null>(null);
  // A link is used once: React may run an effect twice, the request must not be.
  const asked = useRef(false);

  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    request<{ verifyEmail: AuthPayload }>(VERIFY_EMAIL, { token })
      .then(({ verifyEmail }) => {
        session.signedIn(verifyEmail);
        navigate('/');
      })
      .catch((error) => setProblem(problemOf(error)));
  }, [token, session, navigate]);

  return (
    <main className="login">
      <div className="card">
        <h2>Confirming your address</h2>
        {problem ? (
          <>
            <ProblemBanner problem={problem} />
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
  const submission = useSubmission();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await submission.run(async () => {
      const { resetPassword } = await request<{ resetPassword: AuthPayload }>(RESET_PASSWORD, { token, newPassword: password });
      session.signedIn(resetPassword);
      navigate('/');
    });
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
