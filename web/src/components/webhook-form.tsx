/**
 * Where turns are posted (a Discord, Slack or Matrix channel's webhook
 * address, or any server taking signed JSON): whether it works, a form to
 * set it, and its removal. A JSON webhook's signing key is shown once, when
 * it is set. What is posted, and by whose leave, is the caller's.
 */
import { useState, type FormEvent } from 'react';
import type { CombinedError } from 'urql';
import { problemOf } from '../api/errors';
import type { WebhookFragment, WebhookKind } from '../api/generated';
import { useMutations, type Mutations } from '../api/use-mutations';
import { CopyButton } from './copy-button';
import { ProblemBanner } from './problem-banner';

const SERVICES: Array<{ kind: WebhookKind; name: string }> = [
  { kind: 'DISCORD', name: 'Discord' },
  { kind: 'SLACK', name: 'Slack' },
  { kind: 'MATRIX', name: 'Matrix' },
  { kind: 'JSON', name: 'Another server (signed JSON)' },
];

function serviceName(kind: WebhookKind): string {
  return SERVICES.find((service) => service.kind === kind)!.name;
}

/** What the owner reads of the channel's state. */
function health(webhook: WebhookFragment): string {
  if (webhook.switchedOffAt) return 'Switched off: posting failed for a day. Set the address again to post again.';
  if (webhook.failingSince) return `Posting has failed since ${new Date(webhook.failingSince).toLocaleString()}; it is tried again.`;
  return 'Turns are posted here.';
}

export interface WebhookFormProps {
  webhook: WebhookFragment | null | undefined;
  /** The key of the JSON webhook just set, shown once. */
  secret: string | null;
  busy: boolean;
  /** True once saved. */
  onSave: (url: string, kind: WebhookKind) => Promise<boolean>;
  onRemove: () => void;
}

/** What setting a webhook answers. */
interface WebhookSetup {
  webhook: WebhookFragment;
  secret: string;
}

/**
 * The form's state over a webhook as loaded: what a change made here
 * answered replaces it, and a JSON webhook's key is kept to show once.
 */
export function useWebhookEditing(
  loaded: WebhookFragment | null | undefined,
  busy: boolean,
  set: (url: string, kind: WebhookKind) => Promise<WebhookSetup | null>,
  remove: () => Promise<boolean>,
): WebhookFormProps {
  /** Undefined: nothing changed yet; null: removed. */
  const [changed, setChanged] = useState<WebhookFragment | null | undefined>(undefined);
  const [secret, setSecret] = useState<string | null>(null);
  return {
    webhook: changed === undefined ? loaded : changed,
    secret,
    busy,
    onSave: async (url, kind) => {
      const setup = await set(url, kind);
      if (!setup) return false;
      setChanged(setup.webhook);
      setSecret(kind === 'JSON' ? setup.secret : null);
      return true;
    },
    onRemove: async () => {
      if (!(await remove())) return;
      setChanged(null);
      setSecret(null);
    },
  };
}

export function WebhookForm({ webhook, secret, busy, onSave, onRemove }: WebhookFormProps) {
  const [kind, setKind] = useState<WebhookKind>('DISCORD');
  const [url, setUrl] = useState('');

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (await onSave(url.trim(), kind)) setUrl('');
  };

  return (
    <>
      {webhook && (
        <div data-webhook={webhook.kind}>
          <p>
            Posting to {serviceName(webhook.kind)} at <code>{new URL(webhook.url).host}</code>. {health(webhook)}
          </p>
          <button type="button" className="secondary" onClick={onRemove} disabled={busy}>
            Stop posting
          </button>
        </div>
      )}
      {secret && (
        <div className="copy-line" role="status">
          <label>
            The key its posts are signed with, shown this once: keep it to check them
            <input readOnly value={secret} onFocus={(event) => event.target.select()} data-webhook-secret />
          </label>
          <CopyButton text={secret} />
        </div>
      )}
      <form onSubmit={save}>
        <label>
          Service
          <select value={kind} onChange={(event) => setKind(event.target.value as WebhookKind)}>
            {SERVICES.map((service) => (
              <option key={service.kind} value={service.kind}>
                {service.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          The channel's webhook address
          <input type="url" required value={url} onChange={(event) => setUrl(event.target.value)} placeholder="https://…" />
        </label>
        <button type="submit" disabled={busy}>
          {webhook ? 'Post there instead' : 'Post turns there'}
        </button>
      </form>
    </>
  );
}

/**
 * A webhook folded under `summary` (a game's, a group's): loaded by `loaded`,
 * set and removed through `set` and `remove`, saying what it posts (`about`)
 * until one is set, and what loading or saving answered.
 */
export function WebhookDetails({
  className,
  summary,
  about,
  loaded,
  set,
  remove,
}: {
  className: string;
  summary: string;
  about: string;
  loaded: { webhook: WebhookFragment | null | undefined; error?: CombinedError };
  set: (send: Mutations['send'], url: string, kind: WebhookKind) => Promise<WebhookSetup | null>;
  remove: (send: Mutations['send']) => Promise<boolean>;
}) {
  const submission = useMutations();
  const form = useWebhookEditing(
    loaded.webhook,
    submission.busy,
    (url, kind) => set(submission.send, url, kind),
    () => remove(submission.send),
  );
  return (
    <details className={`${className} card`}>
      <summary>{summary}</summary>
      <ProblemBanner problem={loaded.error ? problemOf(loaded.error) : null} />
      {!form.webhook && <p className="muted">{about}</p>}
      <WebhookForm {...form} />
      <ProblemBanner problem={submission.problem} onDismiss={submission.dismiss} />
    </details>
  );
}
