/**
 * A game's chat kept live while the page is open: `chatUpdated` sends it at
 * once and after every line written or removed, from any server, and again
 * after a reconnect (graphql-ws subscribes again by itself). What our own
 * mutations answer replaces it too.
 *
 * Who may read it changes while the page is open (a visitor takes a seat, the
 * game ends and opens its chat to onlookers), and the server answers a
 * subscription once, refusal included: so `access` (anything that differs
 * whenever the viewer's right to read may have changed) subscribes again.
 */
import { useCallback, useEffect, useState } from 'react';
import { useClient } from 'urql';
import { problemOf, type Problem } from '../api/errors';
import { ChatUpdatedDocument, type GameChatFragment } from '../api/generated';

export function useLiveChat(gameId: string, access: string) {
  const client = useClient();
  // Kept with its game, so that another game's chat is never shown while this one's loads.
  const [shown, setShown] = useState<GameChatFragment | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const accept = useCallback((next: GameChatFragment) => {
    setShown(next);
    setProblem(null);
  }, []);

  useEffect(() => {
    setProblem(null);
    const updates = client.subscription(ChatUpdatedDocument, { gameId }).subscribe(({ data, error }) => {
      if (data) accept(data.chatUpdated);
      else if (error) setProblem(problemOf(error));
    });
    return () => updates.unsubscribe();
  }, [client, gameId, access, accept]);

  const chat = shown?.gameId === gameId ? shown : null;
  return { chat, problem, accept };
}
