/**
 * The host's "Post turns to a chat channel": where each turn of the game is
 * posted (a Discord, Slack or Matrix channel's webhook address, or any
 * server taking signed JSON), whether it works, and its removal. A JSON
 * webhook's signing secret is shown once, when it is set.
 */
import { useState, type FormEvent } from 'react';
import { useQuery } from 'urql';
import { problemOf } from '../api/errors';
import { GameWebhookDocument, RemoveGameWebhookDocument, SetGameWebhookDocument, type GameWebhookFragment, type WebhookKind } from '../api/generated';
import { useMutations } from '../api/use-mutations';
import { CopyButton } from '../components/copy-button';
import { ProblemBanner } from '../components/problem-banner';

const SERVICES: Array<{ kind: WebhookKind; name: string }> = [
  { kind: 'DISCORD', name: 'Discord' },
  { kind: 'SLACK', name: 'Slack' },
  { kind: 'MATRIX', name: 'Matrix' },
  { kind: 'JSON', name: 'Another server (signed JSON)' },
];

function serviceName(kind: WebhookKind): string {
  return SERVICES.find((service) => service.kind === kind)!.name;
}

/** What the host reads of the channel's state. */
function health(webhook: GameWebhookFragment): string {
  if (webhook.switchedOffAt) return 'Switched off: posting failed for a day. Set the address again to post again.';
  if (webhook.failingSince) return `Posting has failed since ${new Date(webhook.failingSince).toLocaleString()}; it is tried again.`;
  return 'Each turn is posted here.';
}

export function ChannelWebhook({ gameId }: { gameId: string }) {
  const [loaded] = useQuery({ query: GameWebhookDocument, variables: { gameId } });
  /** What a change made here answered (undefined: nothing changed yet; null: removed). */
  const [changed, setChanged] = useState<GameWebhookFragment | null | undefined>(undefined);
  const [secret, setSecret] = useState<string | null>(null);
  const [kind, setKind] = useState<WebhookKind>('DISCORD');
  const [url, setUrl] = useState('');
  const submission = useMutations();
  const webhook = changed === undefined ? loaded.data?.gameWebhook : changed;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const data = await submission.send(SetGameWebhookDocument, { gameId, url: url.trim(), kind });
    if (!data) return;
    setChanged(data.setGameWebhook.webhook);
    setSecret(kind === 'JSON' ? data.setGameWebhook.secret : null);
    setUrl('');
  };

  const remove = async () => {
    if (!(await submission.send(RemoveGameWebhookDocument, { gameId }))) return;
    setChanged(null);
    setSecret(null);
  };

  return (
    <details className="channel-webhook card">
      <summary>Post turns to a chat channel</summary>
      <ProblemBanner problem={loaded.error ? problemOf(loaded.error) : null} />
      {webhook ? (
        <div data-webhook={webhook.kind}>
          <p>
            Posting to {serviceName(webhook.kind)} at <code>{new URL(webhook.url).host}</code>. {health(webhook)}
          </p>
          <button type="button" className="secondary" onClick={remove} disabled={submission.busy}>
            Stop posting
          </button>
        </div>
      ) : (
        <p className="muted">
          Each turn can be posted to a channel of your group: who is to move, the last move, a link to the game, and a fingerprint of its history so far.
        </p>
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
        <button type="submit" disabled={submission.busy}>
          {webhook ? 'Post there instead' : 'Post turns there'}
        </button>
      </form>
      <ProblemBanner problem={submission.problem} onDismiss={submission.dismiss} />
    </details>
  );
}
