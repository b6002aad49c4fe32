/**
 * The settings page's "Your turns in a chat channel": each of the player's
 * turns, in every game of theirs, posted to a channel of their own, and
 * their ids on chat services, so that posts of their turns mention them.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useQuery } from 'urql';
import { problemOf } from '../api/errors';
import { PlayerWebhookDocument, RemovePlayerWebhookDocument, SetChatHandlesDocument, SetPlayerWebhookDocument } from '../api/generated';
import { useMutations } from '../api/use-mutations';
import { ProblemBanner } from './problem-banner';
import { useWebhookEditing, WebhookForm } from './webhook-form';

const HANDLES = [
  { service: 'discord', label: 'Discord user id', placeholder: '123456789012345678' },
  { service: 'slack', label: 'Slack member id', placeholder: 'U024BE7LH' },
  { service: 'matrix', label: 'Matrix user id', placeholder: '@you:example.org' },
] as const;

type Handles = Record<(typeof HANDLES)[number]['service'], string>;

export function PlayerWebhookSection() {
  const [loaded] = useQuery({ query: PlayerWebhookDocument });
  const submission = useMutations();
  const form = useWebhookEditing(
    loaded.data?.playerWebhook,
    submission.busy,
    async (url, kind) => (await submission.send(SetPlayerWebhookDocument, { url, kind }))?.setPlayerWebhook ?? null,
    async () => (await submission.send(RemovePlayerWebhookDocument, {})) !== null,
  );
  const [handles, setHandles] = useState<Handles>({ discord: '', slack: '', matrix: '' });
  const [saved, setSaved] = useState(false);
  const given = loaded.data?.chatHandles;
  useEffect(() => {
    if (given) setHandles({ discord: given.discord ?? '', slack: given.slack ?? '', matrix: given.matrix ?? '' });
  }, [given]);

  const saveHandles = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    setSaved((await submission.send(SetChatHandlesDocument, handles)) !== null);
  };

  return (
    <section className="player-webhook card" aria-labelledby="player-webhook-heading">
      <h2 id="player-webhook-heading">Your turns in a chat channel</h2>
      <p>Each of your turns, in every game of yours, and the end of each game, can be posted to a channel of your own: a private one that pings you.</p>
      <ProblemBanner problem={loaded.error ? problemOf(loaded.error) : null} />
      <WebhookForm {...form} />
      <form onSubmit={saveHandles} className="chat-handles">
        <p className="muted">
          Your ids on chat services, so that posts of your turns (here, and in the channels of your games) mention you. Leave out any you do not use.
        </p>
        {HANDLES.map(({ service, label, placeholder }) => (
          <label key={service}>
            {label}
            <input value={handles[service]} placeholder={placeholder} onChange={(event) => setHandles({ ...handles, [service]: event.target.value })} />
          </label>
        ))}
        <button type="submit" disabled={submission.busy}>
          Save my ids
        </button>
        <span role="status" className="saved">
          {saved && 'Saved.'}
        </span>
      </form>
      <ProblemBanner problem={submission.problem} onDismiss={submission.dismiss} />
    </section>
  );
}
