/**
 * A game kept up to date while the page is open: loaded once, then replaced
 * by every `gameUpdated` the server pushes (and by the result of our own
 * mutations). Versions only grow, so an older copy never overwrites a newer,
 * and a copy keeps the parts of the one held that did not change.
 *
 * `gameUpdated` sends the current game as soon as it is subscribed, and
 * graphql-ws (api/client.ts) subscribes again by itself after every
 * reconnect (a server restart closes the socket with 1012, a phone drops it
 * while asleep): so a page whose socket came back is caught up at once,
 * moves made in the gap included, without reloading.
 *
 * It flows to a hidden page too (the title and a notification tell of a new
 * turn there): whether the player is looking is use-presence.ts's business.
 */
import { useCallback, useEffect, useState } from 'react';
import { useClient } from 'urql';
import { problemOf, withoutNoConnection, type Problem } from '../api/errors';
import { GameDocument, GameUpdatedDocument, type GameFragment } from '../api/generated';
import { keepUnchanged } from '../api/keep-unchanged';

/** `inviteCode`: the one the page's link carries, which the server's `lobbyActions` count on (joining with it). */
export function useLiveGame(id: string, inviteCode: string | null) {
  const client = useClient();
  const [game, setGame] = useState<GameFragment | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);

  const accept = useCallback((next: GameFragment) => {
    setGame((current) => {
      if (current?.id !== next.id) return next;
      // The live update of one's own move often comes after its answer: the same game, which need not be drawn again.
      return current.version > next.version ? current : keepUnchanged(current, next);
    });
    // The game came from the server: whatever said it could not be reached is out of date.
    setProblem(withoutNoConnection);
  }, []);

  const reload = useCallback(() => {
    void client.query(GameDocument, { id, inviteCode }).then(({ data, error }) => {
      if (data) accept(data.game);
      else if (error) setProblem(problemOf(error));
    });
  }, [client, id, inviteCode, accept]);

  useEffect(() => {
    setGame(null);
    setProblem(null);
    // Subscribe first, then load: a change in between still reaches us.
    const updates = client.subscription(GameUpdatedDocument, { id, inviteCode }).subscribe(({ data, error }) => {
      if (data) accept(data.gameUpdated);
      else if (error) setProblem(error.graphQLErrors.length > 0 ? problemOf(error) : LIVE_UPDATES_STOPPED);
    });
    reload();
    // A phone that slept may have missed updates while its socket was down.
    const onVisible = () => document.visibilityState === 'visible' && reload();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      updates.unsubscribe();
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [client, id, inviteCode, accept, reload]);

  return { game, problem, accept, reload };
}

/** graphql-ws gave up on the socket (it retries for ever, so only when the session ended or the server refused it). */
const LIVE_UPDATES_STOPPED: Problem = { heading: 'No connection', message: 'Live updates were interrupted; reload the page to catch up.', code: 'NETWORK' };
