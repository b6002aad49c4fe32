/**
 * The account page (/account): the player's name, address and password,
 * where they are logged in (and logging out everywhere), and deleting the
 * account. Changing the address or password, or deleting, asks for the
 * password again.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { useQuery } from 'urql';
import { problemOf, type Problem } from '../api/errors';
import {
  ChangeEmailDocument,
  ChangePasswordDocument,
  DeleteAccountDocument,
  LogoutEverywhereDocument,
  SessionsDocument,
  UpdateProfileDocument,
  type MeFragment,
  type SessionsQuery,
} from '../api/generated';
import { useMutations, type Mutations } from '../api/use-mutations';
import { PasswordInput } from '../components/password-input';
import { ProblemBanner } from '../components/problem-banner';
import { VerificationNotice } from '../components/verification-notice';
import { useSession } from '../session';

type SessionInfo = SessionsQuery['sessions'][number];

/** A card with a form that asks the server one thing (`onSubmit`, true once done), and says when it is done. */
function FormCard({
  title,
  submitLabel,
  onSubmit,
  done,
  children,
}: {
  title: string;
  submitLabel: string;
  onSubmit: (submission: Mutations) => Promise<boolean>;
  done: string;
  children: ReactNode;
}) {
  const submission = useMutations();
  const [saved, setSaved] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(await onSubmit(submission));
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

function NameCard({ me }: { me: MeFragment }) {
  const session = useSession();
  const [name, setName] = useState(me.displayName);
  return (
    <FormCard
      title="Your name"
      submitLabel="Save name"
      done="Saved."
      onSubmit={async (submission) => {
        const data = await submission.send(UpdateProfileDocument, { displayName: name });
        if (data) session.updated(data.updateProfile);
        return data !== null;
      }}
    >
      <label>
        Name, as other players see it
        <input name="displayName" value={name} maxLength={40} onChange={(event) => setName(event.target.value)} required />
      </label>
    </FormCard>
  );
}

function EmailCard({ me }: { me: MeFragment }) {
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
        onSubmit={async (submission) => {
          const data = await submission.send(ChangeEmailDocument, { password, newEmail });
          if (!data) return false;
          session.updated(data.changeEmail);
          setPassword('');
          return true;
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
      onSubmit={async (submission) => {
        if (!(await submission.send(ChangePasswordDocument, { currentPassword: current, newPassword: next }))) return false;
        setCurrent('');
        setNext('');
        onChanged();
        return true;
      }}
    >
      <PasswordInput label="Current password" name="currentPassword" value={current} onChange={setCurrent} />
      <PasswordInput label="New password" name="newPassword" value={next} onChange={setNext} isNew />
    </FormCard>
  );
}

const BROWSERS: Array<[RegExp, string]> = [
  [/Edg\//, 'Edge'],
  [/Firefox\//, 'Firefox'],
  [/Chrom(e|ium)\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: Array<[RegExp, string]> = [
  [/Android/, 'Android'],
  [/iPhone|iPad/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X/, 'macOS'],
  [/Linux/, 'Linux'],
];

/** "Firefox on Windows" rather than the whole user agent; the whole one where neither is known. */
function describeDevice(userAgent: string | null): string {
  if (!userAgent) return 'Unknown browser';
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (!browser && !system) return userAgent;
  return [browser ?? 'A browser', system].filter(Boolean).join(' on ');
}

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function SessionsCard({ sessions, problem }: { sessions: SessionInfo[] | undefined; problem: Problem | null }) {
  const session = useSession();
  const submission = useMutations();
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
      <button
        type="button"
        disabled={submission.busy}
        onClick={() => void submission.send(LogoutEverywhereDocument, {}).then((data) => data && session.forget())}
      >
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
      onSubmit={async (submission) => {
        if (!(await submission.send(DeleteAccountDocument, { password }))) return false;
        session.forget();
        return true;
      }}
    >
      <p>
        You resign from every game you are playing, your address, name and password are erased, and you are logged out everywhere. Your seats show “Deleted
        player”, and your moves stay in their games’ history. This cannot be undone.
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
  const [sessions, readSessions] = useQuery({ query: SessionsDocument });

  if (!me) return null;
  return (
    <main className="settings account">
      <h1>Your account</h1>
      <NameCard me={me} />
      <EmailCard me={me} />
      {/* A new password ends every other session. */}
      <PasswordCard onChanged={() => readSessions({ requestPolicy: 'network-only' })} />
      <SessionsCard sessions={sessions.data?.sessions} problem={sessions.error ? problemOf(sessions.error) : null} />
      <DeleteCard />
    </main>
  );
}
