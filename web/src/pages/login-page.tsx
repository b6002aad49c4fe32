/**
 * Log in, sign up or ask for a new password; afterwards the player goes
 * where they were heading (an invite link). Signing up on a server that
 * verifies addresses ends with a note to check the mail, and a button to
 * send the link again.
 */
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import type { Problem } from '../api/errors';
import { LoginDocument, RegisterDocument, RequestPasswordResetDocument } from '../api/generated';
import { useMutations } from '../api/use-mutations';
import { ProblemBanner } from '../components/problem-banner';
import { CaughtMailNote, useMailCaught } from '../components/caught-mail-note';
import { VerificationNotice } from '../components/verification-notice';
import { PasswordInput } from '../components/password-input';
import { browserTimeZone } from '../components/times';
import { useRulesets } from '../components/use-rulesets';
import { useSession } from '../session';

export type LoginMode = 'login' | 'register' | 'forgot';

const TITLES: Record<LoginMode, string> = { login: 'Log in', register: 'Sign up', forgot: 'Forgot your password?' };

/**
 * A refused login in its own words: "Wrong email or password." needs no
 * "Please log in" before it; after too many failed tries, the wait the
 * server gave (its message ends "Try again in 60 seconds.") counts down.
 */
function asLoginProblem(problem: Problem | null, secondsLeft: number): Problem | null {
  if (problem?.code === 'UNAUTHENTICATED') return { ...problem, heading: null };
  if (problem?.code !== 'RATE_LIMITED' || secondsLeft === 0) return problem;
  const why = problem.message.replace(/ Try again in \d+ seconds?\.$/, '');
  return { ...problem, message: `${why} You can try again in ${secondsLeft} second${secondsLeft === 1 ? '' : 's'}.` };
}

/** Whole seconds until `at` (a time in milliseconds), the page drawn again each second meanwhile; 0 once it has passed or without one. */
function useSecondsUntil(at: number | undefined): number {
  const [, tick] = useState(0);
  const seconds = at === undefined ? 0 : Math.max(0, Math.ceil((at - Date.now()) / 1000));
  useEffect(() => {
    if (seconds === 0) return;
    const timer = setInterval(() => tick((ticks) => ticks + 1), 1000);
    return () => clearInterval(timer);
  }, [seconds]);
  return seconds;
}

/** What the site is, for whoever arrives here first. */
function About() {
  const games = useRulesets().map((ruleset) => ruleset.name);
  return (
    <section className="about" aria-label="About this site">
      <h1>Play by Web</h1>
      <p>
        Board games played by turns, at everyone's own pace: make your move when you have a minute, and the site mails you when your turn comes again. A game
        can last an evening or a few weeks.
      </p>
      {games.length > 0 && <p className="muted">Games here: {games.join(', ')}.</p>}
    </section>
  );
}

/** `intro`: what the visitor came for (an invitation to a group, say), shown instead of what the site is. */
export function LoginPage({ initialMode = 'login', initialEmail = '', intro }: { initialMode?: LoginMode; initialEmail?: string; intro?: ReactNode }) {
  const session = useSession();
  const [mode, setMode] = useState<LoginMode>(initialMode);
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [displayName, setDisplayName] = useState('');
  /** The address a link was mailed to, once one was. */
  const [mailedTo, setMailedTo] = useState<string | null>(null);
  const mailCaught = useMailCaught();
  const submission = useMutations();
  // After too many failed logins the server says when it takes the next: until then the button waits, and the banner says how long.
  const wait = useSecondsUntil(submission.problem?.retryAt);
  const problem = asLoginProblem(submission.problem, wait);
  const { dismiss } = submission;
  useEffect(() => {
    if (wait === 0 && problem?.code === 'RATE_LIMITED') dismiss();
  }, [wait, problem?.code, dismiss]);

  const logIn = async () => {
    const data = await submission.send(LoginDocument, { email, password, timeZone: browserTimeZone() });
    if (data) session.signedIn(data.login);
  };
  const signUp = async () => {
    const { register } = (await submission.send(RegisterDocument, { email, password, displayName, timeZone: browserTimeZone() })) ?? {};
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
      {intro ?? <About />}
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
        <ProblemBanner problem={problem} onDismiss={submission.dismiss} />
        <button type="submit" className="primary" disabled={submission.busy || wait > 0}>
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
