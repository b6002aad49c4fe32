/** The host's "Post turns to a chat channel": every turn of the game, posted where the group talks. */
import { useQuery } from 'urql';
import { problemOf } from '../api/errors';
import { GameWebhookDocument, RemoveGameWebhookDocument, SetGameWebhookDocument } from '../api/generated';
import { useMutations } from '../api/use-mutations';
import { ProblemBanner } from '../components/problem-banner';
import { useWebhookEditing, WebhookForm } from '../components/webhook-form';

export function ChannelWebhook({ gameId }: { gameId: string }) {
  const [loaded] = useQuery({ query: GameWebhookDocument, variables: { gameId } });
  const submission = useMutations();
  const form = useWebhookEditing(
    loaded.data?.gameWebhook,
    submission.busy,
    async (url, kind) => (await submission.send(SetGameWebhookDocument, { gameId, url, kind }))?.setGameWebhook ?? null,
    async () => (await submission.send(RemoveGameWebhookDocument, { gameId })) !== null,
  );

  return (
    <details className="channel-webhook card">
      <summary>Post turns to a chat channel</summary>
      <ProblemBanner problem={loaded.error ? problemOf(loaded.error) : null} />
      {!form.webhook && (
        <p className="muted">
          Each turn can be posted to a channel of your group: who is to move, the last move, a link to the game, and a fingerprint of its history so far.
        </p>
      )}
      <WebhookForm {...form} />
      <ProblemBanner problem={submission.problem} onDismiss={submission.dismiss} />
    </details>
  );
}
