/**
 * Where the player may take the game back to (Game.returnPoints: exactly the
 * points the server accepts, and whether by the host's rollback or by a
 * takeback), read while `wanted` and again at each new version. The server
 * reads the game's events for it, so it is asked only while a point is
 * replayed, never with every move.
 */
import { useEffect, useState } from 'react';
import { client } from '../api/client';
import { ReturnPointsDocument, type ReturnPointsQuery } from '../api/generated';

export type ReturnPoints = ReturnPointsQuery['game']['returnPoints'];

/** The points at `version`; null until they are read. */
export function useReturnPoints(gameId: string, version: number, wanted: boolean): ReturnPoints | null {
  const [read, setRead] = useState<{ gameId: string; version: number; points: ReturnPoints } | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let cancelled = false;
    client
      .query(ReturnPointsDocument, { id: gameId })
      .toPromise()
      .then(({ data }) => {
        if (!cancelled && data) setRead({ gameId, version: data.game.version, points: data.game.returnPoints });
      })
      .catch(() => undefined); // nothing is offered; the board shows live problems
    return () => {
      cancelled = true;
    };
  }, [gameId, version, wanted]);
  // Read at another version (the game moved on meanwhile), they are not this version's.
  return read && read.gameId === gameId && read.version === version ? read.points : null;
}
