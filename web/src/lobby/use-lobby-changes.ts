/**
 * The player's lobby signal (`lobbyChanged`): one at once, saying anything
 * may have changed, then one per change of their games, invitations or the
 * open games, naming the game. graphql-ws (api/client.ts) subscribes again
 * by itself after its socket dropped (a server restart, a phone that slept),
 * and the server then begins again with "anything": so whoever follows it
 * is caught up without reloading.
 */
import { useEffect } from 'react';
import { useClient } from 'urql';
import { LobbyChangedDocument, type LobbyChangedSubscription } from '../api/generated';
import { useStableCallback } from '../components/use-stable-callback';

export type LobbyChange = LobbyChangedSubscription['lobbyChanged'];

/** Calls `onChange` at every signal while `following` (the latest `onChange`: it may change at every render). */
export function useLobbyChanges(onChange: (change: LobbyChange) => void, following = true): void {
  const client = useClient();
  const changed = useStableCallback(onChange);
  useEffect(() => {
    if (!following) return;
    const signals = client.subscription(LobbyChangedDocument, {}).subscribe(({ data }) => {
      if (data) changed(data.lobbyChanged);
    });
    return () => signals.unsubscribe();
  }, [client, following, changed]);
}
