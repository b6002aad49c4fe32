/**
 * A game's chat kept live while the page is open: `chatUpdated` sends it at
 * once and after every line written or removed, from any server, and again
 * after a reconnect (graphql-ws subscribes again by itself). What our own
 * mutations answer replaces it too.
 */
import { useCallback, useEffect, useState } from 'react';
import { useClient } from 'urql';
import { problemOf, type Problem } from '../api/errors';
import { ChatUpdatedDocument, type GameChatFragment } from '../api/generated';

export function useLiveChat(gameId: string) {
  const client = useClient();
  const [chat, setChat] = useState<GameChatFragment | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const accept = useCallback((next: GameChatFragment) => setChat(next), []);

  useEffect(() => {
    setChat(null);
    setProblem(null);
    const updates = client.subscription(ChatUpdatedDocument, { gameId }).subscribe(({ data, error }) => {
      if (data) accept(data.chatUpdated);
      else if (error) setProblem(problemOf(error));
    });
    return () => updates.unsubscribe();
  }, [client, gameId, accept]);

  return { chat, problem, accept };
}
