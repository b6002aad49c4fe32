/**
 * A game kept up to date while the page is open: loaded once, then replaced
 * by every `gameUpdated` the server pushes (and by the result of our own
 * mutations). Versions only grow, so an older copy never overwrites a newer.
 *
 * `gameUpdated` sends the current game as soon as it is subscribed, and the
 * socket (api/client.ts) subscribes again by itself after every reconnect (a
 * server restart closes it with 1012, a phone drops it while asleep): so a
 * page whose socket came back is caught up at once, moves made in the gap
 * included, without reloading.
 */
import { useCallback, useEffect, useState } from 'react';
import { request, subscribe } from '../api/client';
import { problemOf, type Problem } from '../api/errors';
import { GAME, GAME_UPDATED } from '../api/operations';
import type { Game } from '../api/types';

export function useLiveGame(id: string) {
  const [game, setGame] = useState<Game | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);

  const accept = useCallback((next: Game) => {
    setGame((current) => (current && current.id === next.id && current.version > next.version ? current : next));
  }, []);

  const reload = useCallback(() => {
    request<{ game: Game }>(GAME, { id })
      .then((data) => accept(data.game))
      .catch((error) => setProblem(problemOf(error)));
  }, [id, accept]);

  useEffect(() => {
    setGame(null);
    setProblem(null);
    // Subscribe first, then load: a change in between still reaches us.
    const stop = subscribe<{ gameUpdated: Game }>(GAME_UPDATED, { id }, (data) => accept(data.gameUpdated), (error) => setProblem(problemOf(error)));
    reload();
    // A phone that slept may have missed updates while its socket was down.
    const onVisible = () => document.visibilityState === 'visible' && reload();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stop();
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [id, accept, reload]);

  return { game, problem, accept, reload };
}
