/**
 * The account page (/account): the player's name, address and password,
 * where they are logged in (and logging out everywhere), and deleting the
 * account. Changing the address or password, or deleting, asks for the
 * password again.
 */
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { request } from '../api/client';
import { problemOf, type Problem } from '../api/errors';
import { CHANGE_EMAIL, CHANGE_PASSWORD, DELETE_ACCOUNT, LOGOUT_EVERYWHERE, SESSIONS, UPDATE_PROFILE } from '../api/operations';
import type { Me, SessionInfo } from '../api/types';
import { useSubmission } from '../api/use-submission';
import { PasswordInput } from '../components/password-input';
import { ProblemBanner } from '../components/problem-banner';
import { VerificationNotice } from '../components/verification-notice';
import { useSession } from '../session';

/** A card with a form that asks the server one thing, and says when it is done. */
function FormCard({ title, submitLabel, onSubmit, done, children }: { title: string; submitLabel: string; onSubmit: () => Promise<void>; done: string; children: ReactNode }) {
  const submission = useSubmission();
  const [saved, setSaved] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(await submission.run(onSubmit));
  };
  return (
    <form className="card" onSubmit={submit} aria-label={title}>
      <h2>{title}</h2>
      {children}
      <ProblemBanner problem={submission.problem} onDismiss={submission.dismiss} />
      <div className="form-actions">
        <button type="submit" className="primary" disabled={submission.busy}>
          {submitLabel}
        </button>
        {saved && !submission.problem && <span className="saved">{done}</span>}
      </div>
    </form>
  );
}

function NameCard({ me }: { me: Me }) {
  const session = useSession();
  const [name, setName] = useState(me.displayName);
  return (
    <FormCard
      title="Your name"
      submitLabel="Save name"
      done="Saved."
      onSubmit={async () => session.updated((await request<{ updateProfile: Me }>(UPDATE_PROFILE, { displayName: name })).updateProfile)}
    >
      <label>
        Name, as other players see it
        <input name="displayName" value={name} maxLength={40} onChange={(event) => setName(event.target.value)} required />
      </label>
    </FormCard>
  );
}

function EmailCard({ me }: { me: Me }) {
  const session = useSession();
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  return (
    <>
      {me.pendingEmail && <VerificationNotice email={me.pendingEmail} what="moving your account to it" />}
      <FormCard
        title="Your email address"
        submitLabel="Change address"
        done="Check the mail at the new address."
        onSubmit={async () => {
          session.updated((await request<{ changeEmail: Me }>(CHANGE_EMAIL, { password, newEmail })).changeEmail);
          setPassword('');
        }}
      >
        <p>
          Mail goes to <strong>{me.email}</strong>. A new address is used once you open the link we mail to it.
        </p>
        <label>
          New address
          <input name="newEmail" type="email" value={newEmail} onChange={(event) => setNewEmail(event.target.value)} required autoComplete="email" />
        </label>
        <PasswordInput label="Your password" name="password" value={password} onChange={setPassword} />
      </FormCard>
    </>
  );
}

function PasswordCard({ onChanged }: { onChanged: () => void }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  return (
    <FormCard
      title="Your password"
      submitLabel="Change password"
      done="Changed. You are logged out on every other device."
      onSubmit={async () => {
        await request(CHANGE_PASSWORD, { currentPassword: current, newPassword: next });
        setCurrent('');
        setNext('');
        onChanged();
      }}
    >
      <PasswordInput label="Current password" name="currentPassword" value={current} onChange={setCurrent} />
      <PasswordInput label="New password" name="newPassword" value={next} onChange={setNext} isNew />
    </FormCard>
  );
}

const BROWSERS: Array<[RegExp, string]> = [[/Edg\//, 'Edge'], [/Firefox\//, 'Firefox'], [/Chrom(e|ium)\//, 'Chrome'], [/Safari\//, 'Safari']];
const SYSTEMS: Array<[RegExp, string]> = [[/Android/, 'Android'], [/iPhone|iPad/, 'iOS'], [/Windows/, 'Windows'], [/Mac OS X/, 'macOS'], [/Linux/, 'Linux']];

/** "Firefox on Windows" rather than the whole user agent; the whole one where neither is known. */
function describeDevice(userAgent: string | null): string {
  if (!userAgent) return 'Unknown browser';
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (!browser && !system) return userAgent;
  return [browser ?? 'A browser', system].filter(Boolean).join(' on ');
}

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function SessionsCard({ sessions, problem }: { sessions: SessionInfo[] | null; problem: Problem | null }) {
  const session = useSession();
  const submission = useSubmission();
  return (
    <section className="card" aria-label="Where you are logged in">
      <h2>Where you are logged in</h2>
      <ProblemBanner problem={problem} />
      {sessions && (
        <ul className="session-list">
          {sessions.map((entry) => (
            <li key={entry.id} className={entry.current ? 'current' : undefined}>
              <strong title={entry.userAgent ?? undefined}>{describeDevice(entry.userAgent)}</strong>
              {entry.current && <span className="muted"> (this one)</span>}
              <br />
              <span className="muted small">
                Logged in {when(entry.createdAt)}, last used {when(entry.lastUsedAt)}
              </span>
            </li>
          ))}
        </ul>
      )}
      <ProblemBanner problem={submission.problem} onDismiss={submission.dismiss} />
      <button type="button" disabled={submission.busy} onClick={() => void submission.run(async () => {
        await request(LOGOUT_EVERYWHERE);
        session.forget();
      })}>
        Log out everywhere
      </button>
    </section>
  );
}

function DeleteCard() {
  const session = useSession();
  const [password, setPassword] = useState('');
  const [sure, setSure] = useState(false);
  return (
    <FormCard
      title="Delete your account"
      submitLabel="Delete my account"
      done="Deleted."
      onSubmit={async () => {
        await request(DELETE_ACCOUNT, { password });
        session.forget();
      }}
    >
      <p>
        Your address, name and password are erased, and you are logged out everywhere. Your games go on: your seats show
        “Deleted player”, and your moves stay in their history. This cannot be undone.
      </p>
      <PasswordInput label="Your password" name="deletePassword" value={password} onChange={setPassword} />
      <label className="checkbox">
        <input type="checkbox" checked={sure} onChange={(event) => setSure(event.target.checked)} required /> I want to delete my account
      </label>
    </FormCard>
  );
}

export function AccountPage() {
  const { me } = useSession();
  const [sessions, setSessions] = useState<SessionInfo[] | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [loads, setLoads] = useState(0);

  useEffect(() => {
    request<{ sessions: SessionInfo[] }>(SESSIONS)
      .then((data) => setSessions(data.sessions))
      .catch((error) => setProblem(problemOf(error)));
  }, [loads]);

  if (!me) return null;
  return (
    <main className="settings account">
      <h1>Your account</h1>
      <NameCard me={me} />
      <EmailCard me={me} />
      <PasswordCard onChanged={() => setLoads(loads + 1)} />
      <SessionsCard sessions={sessions} problem={problem} />
      <DeleteCard />
    </main>
  );
}
