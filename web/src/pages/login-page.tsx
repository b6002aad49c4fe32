/** Log in or sign up; afterwards the player goes where they were heading (an invite link). */
import { useState, type FormEvent } from 'react';
import { problemOf, type Problem } from '../api/errors';
import { ProblemBanner } from '../components/problem-banner';
import { useSession } from '../session';

export function LoginPage() {
  const session = useSession();
  const [mode, setMode] = useState<'login' | 'register'>('login');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    setBusy(true);
    try {
      if (mode === 'login') await session.login(email, password);
      else await session.register(email, password, displayName);
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setBusy(false);
    }
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
        <ProblemBanner problem={problem} onDismiss={() => setProblem(null)} />
        <button type="submit" className="primary" disabled={busy}>
          {mode === 'login' ? 'Log in' : 'Sign up'}
        </button>
        <button type="button" className="link" onClick={() => setMode(mode === 'login' ? 'register' : 'login')}>
          {mode === 'login' ? 'New here? Sign up' : 'Have an account? Log in'}
        </button>
      </form>
    </main>
  );
}
