/** The group page's chat channel (admins): the turns of the group's games that have no channel of their own are posted there. */
import { useQuery } from 'urql';
import { problemOf } from '../api/errors';
import { GroupWebhookDocument, RemoveGroupWebhookDocument, SetGroupWebhookDocument } from '../api/generated';
import { useMutations } from '../api/use-mutations';
import { ProblemBanner } from '../components/problem-banner';
import { useWebhookEditing, WebhookForm } from '../components/webhook-form';

export function GroupWebhook({ groupId }: { groupId: string }) {
  const [loaded] = useQuery({ query: GroupWebhookDocument, variables: { groupId } });
  const submission = useMutations();
  const form = useWebhookEditing(
    loaded.data?.groupWebhook,
    submission.busy,
    async (url, kind) => (await submission.send(SetGroupWebhookDocument, { groupId, url, kind }))?.setGroupWebhook ?? null,
    async () => (await submission.send(RemoveGroupWebhookDocument, { groupId })) !== null,
  );
  return (
    <details className="group-webhook card">
      <summary>Post the group’s turns to a chat channel</summary>
      <ProblemBanner problem={loaded.error ? problemOf(loaded.error) : null} />
      {!form.webhook && (
        <p className="muted">Each turn of the group’s games can be posted to your club’s channel, unless a game’s host gave it a channel of its own.</p>
      )}
      <WebhookForm {...form} />
      <ProblemBanner problem={submission.problem} onDismiss={submission.dismiss} />
    </details>
  );
}
