/** Log in or sign up; afterwards the player goes where they were heading (an invite link). */
import { useState, type FormEvent } from 'react';
import { useSubmission } from '../api/use-submission';
import { ProblemBanner } from '../components/problem-banner';
import { useSession } from '../session';

export function LoginPage() {
  const session = useSession();
  const [mode, setMode] = useState<'login' | 'register'>('login');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [displayName, setDisplayName] = useState('');
  const submission = useSubmission();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await submission.run(() => (mode === 'login' ? session.login(email, password) : session.register(email, password, displayName)));
  };

  return (
    <main className="login">
      <form className="card" onSubmit={submit} aria-label={mode === 'login' ? 'Log in' : 'Sign up'}>
        <h2>{mode === 'login' ? 'Log in' : 'Sign up'}</h2>
        {mode === 'register' && (
          <label>
            Your name, as other players see it
            <input name="displayName" value={displayName} onChange={(event) => setDisplayName(event.target.value)} required autoComplete="nickname" />
          </label>
        )}
        <label>
          Email
          <input name="email" type="email" value={email} onChange={(event) => setEmail(event.target.value)} required autoComplete="email" />
        </label>
        <label>
          Password
          <input
            name="password"
            type="password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            required
            autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
          />
        </label>
        <ProblemBanner problem={submission.problem} onDismiss={submission.dismiss} />
        <button type="submit" className="primary" disabled={submission.busy}>
          {mode === 'login' ? 'Log in' : 'Sign up'}
        </button>
        <button type="button" className="link" onClick={() => setMode(mode === 'login' ? 'register' : 'login')}>
          {mode === 'login' ? 'New here? Sign up' : 'Have an account? Log in'}
        </button>
      </form>
    </main>
  );
}
