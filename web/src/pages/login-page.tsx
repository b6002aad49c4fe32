/**
 * Log in, sign up or ask for a new password; afterwards the player goes
 * where they were heading (an invite link). Signing up on a server that
 * verifies addresses ends with a note to check the mail, and a button to
 * send the link again.
 */
import { useState, type FormEvent } from 'react';
import { LoginDocument, RegisterDocument, RequestPasswordResetDocument } from '../api/generated';
import { useMutations } from '../api/use-mutations';
import { ProblemBanner } from '../components/problem-banner';
import { CaughtMailNote, useMailCaught } from '../components/caught-mail-note';
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
  const mailCaught = useMailCaught();
  const submission = useMutations();

  const logIn = async () => {
    const data = await submission.send(LoginDocument, { email, password });
    if (data) session.signedIn(data.login);
  };
  const signUp = async () => {
    const { register } = (await submission.send(RegisterDocument, { email, password, displayName })) ?? {};
    // Signed in at once where the server does not verify addresses.
    if (register?.token && register.user) session.signedIn({ token: register.token, user: register.user });
    if (register?.checkYourMail) setMailedTo(email);
  };
  const askForLink = async () => {
    if (await submission.send(RequestPasswordResetDocument, { email })) setMailedTo(email);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await { login: logIn, register: signUp, forgot: askForLink }[mode]();
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
            <input
              name="displayName"
              value={displayName}
              maxLength={40}
              onChange={(event) => setDisplayName(event.target.value)}
              required
              autoComplete="nickname"
            />
          </label>
        )}
        <label>
          Email
          <input name="email" type="email" value={email} onChange={(event) => setEmail(event.target.value)} required autoComplete="email" />
        </label>
        {mode !== 'forgot' && <PasswordInput label="Password" name="password" value={password} onChange={setPassword} isNew={mode === 'register'} />}
        {mailedTo && mode === 'forgot' && (
          <p className="saved" role="status">
            A mail is on its way to {mailedTo}: a link to choose a new password, or word that no account uses that address. Check your mail.
          </p>
        )}
        {mailedTo && mode === 'forgot' && mailCaught && <CaughtMailNote />}
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
