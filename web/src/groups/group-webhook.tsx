/** The group page's chat channel (admins): the turns of the group's games that have no channel of their own are posted there. */
import { useQuery } from 'urql';
import { GroupWebhookDocument, RemoveGroupWebhookDocument, SetGroupWebhookDocument } from '../api/generated';
import { WebhookDetails } from '../components/webhook-form';

export function GroupWebhook({ groupId }: { groupId: string }) {
  const [loaded] = useQuery({ query: GroupWebhookDocument, variables: { groupId } });
  return (
    <WebhookDetails
      className="group-webhook"
      summary="Post the group’s turns to a chat channel"
      about="Each turn of the group’s games can be posted to your club’s channel, unless a game’s host gave it a channel of its own."
      loaded={{ webhook: loaded.data?.groupWebhook, error: loaded.error }}
      set={async (send, url, kind) => (await send(SetGroupWebhookDocument, { groupId, url, kind }))?.setGroupWebhook ?? null}
      remove={async (send) => (await send(RemoveGroupWebhookDocument, { groupId })) !== null}
    />
  );
}
