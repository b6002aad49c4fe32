/** The host's "Post turns to a chat channel": every turn of the game, posted where the group talks. */
import { useQuery } from 'urql';
import { GameWebhookDocument, RemoveGameWebhookDocument, SetGameWebhookDocument } from '../api/generated';
import { WebhookDetails } from '../components/webhook-form';

export function ChannelWebhook({ gameId }: { gameId: string }) {
  const [loaded] = useQuery({ query: GameWebhookDocument, variables: { gameId } });
  return (
    <WebhookDetails
      className="channel-webhook"
      summary="Post turns to a chat channel"
      about="Each turn can be posted to a channel of your group: who is to move, the last move, a link to the game, and a fingerprint of its history so far."
      loaded={{ webhook: loaded.data?.gameWebhook, error: loaded.error }}
      set={async (send, url, kind) => (await send(SetGameWebhookDocument, { gameId, url, kind }))?.setGameWebhook ?? null}
      remove={async (send) => (await send(RemoveGameWebhookDocument, { gameId })) !== null}
    />
  );
}
