/**
 * Log in, sign up or ask for a new password; afterwards the player goes
 * where they were heading (an invite link). Signing up on a server that
 * verifies addresses ends with a note to check the mail, and a button to
 * send the link again.
 */
import { useState, type FormEvent } from 'react';
import { request } from '../api/client';
import { REQUEST_PASSWORD_RESET } from '../api/operations';
import { useSubmission } from '../api/use-submission';
import { ProblemBanner } from '../components/problem-banner';
import { VerificationNotice } from '../components/verification-notice';
import { PasswordInput } from '../components/password-input';
import { useSession } from '../session';

export type LoginMode = 'login' | 'register' | 'forgot';

const TITLES: Record<LoginMode, string> = { login: 'Log in', register: 'Sign up', forgot: 'Forgot your password?' };

export function LoginPage({ initialMode = 'login', initialEmail = '' }: { initialMode?: LoginMode; initialEmail?: string }) {
  const session = useSession();
  const [mode, setMode] = useState<LoginMode>(initialMode);
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [displayName, setDisplayName] = useState('');
  /** The address a link was mailed to, once one was. */
  const [mailedTo, setMailedTo] = useState<string | null>(null);
  const submission = useSubmission();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await submission.run(async () => {
      if (mode === 'login') await session.login(email, password);
      else if (mode === 'forgot') {
        await request(REQUEST_PASSWORD_RESET, { email });
        setMailedTo(email);
      } else if (await session.register(email, password, displayName)) setMailedTo(email);
    });
  };

  const switchTo = (next: LoginMode) => {
    submission.dismiss();
    setMailedTo(null);
    setMode(next);
  };

  if (mailedTo && mode === 'register') {
    return (
      <main className="login">
        <VerificationNotice email={mailedTo} what="signing up" />
        <button type="button" className="link" onClick={() => switchTo('login')}>
          Back to logging in
        </button>
      </main>
    );
  }

  return (
    <main className="login">
      <form className="card" onSubmit={submit} aria-label={TITLES[mode]}>
        <h2>{TITLES[mode]}</h2>
        {mode === 'forgot' && <p className="muted">We will mail you a link to choose a new password. It works for an hour.</p>}
        {mode === 'register' && (
          <label>
            Your name, as other players see it
            <input name="displayName" value={displayName} maxLength={40} onChange={(event) => setDisplayName(event.target.value)} required autoComplete="nickname" />
          </label>
        )}
        <label>
          Email
          <input name="email" type="email" value={email} onChange={(event) => setEmail(event.target.value)} required autoComplete="email" />
        </label>
        {mode !== 'forgot' && <PasswordInput label="Password" name="password" value={password} onChange={setPassword} isNew={mode === 'register'} />}
        {mailedTo && mode === 'forgot' && (
          <p className="saved" role="status">
            If {mailedTo} has an account, a link to choose a new password is on its way. Check your mail.
          </p>
        )}
        <ProblemBanner problem={submission.problem} onDismiss={submission.dismiss} />
        <button type="submit" className="primary" disabled={submission.busy}>
          {mode === 'forgot' ? 'Send me a link' : TITLES[mode]}
        </button>
        {mode === 'login' && (
          <button type="button" className="link" onClick={() => switchTo('forgot')}>
            Forgot your password?
          </button>
        )}
        <button type="button" className="link" onClick={() => switchTo(mode === 'register' ? 'login' : 'register')}>
          {mode === 'register' ? 'Have an account? Log in' : 'New here? Sign up'}
        </button>
      </form>
    </main>
  );
}
