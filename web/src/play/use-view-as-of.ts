/** The caller's view of the board as it was at one version (`view(asOf)`), for the replay. */
import { useEffect, useState } from 'react';
import { request } from '../api/client';
import { VIEW_AS_OF } from '../api/operations';

export function useViewAsOf(gameId: string, asOf: number | null): { view: unknown; loading: boolean } {
  const [loaded, setLoaded] = useState<{ asOf: number; view: unknown } | null>(null);
  useEffect(() => {
    if (asOf === null) return;
    let cancelled = false;
    request<{ game: { view: unknown } }>(VIEW_AS_OF, { id: gameId, asOf })
      .then((data) => !cancelled && setLoaded({ asOf, view: data.game.view }))
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [gameId, asOf]);
  if (asOf === null) return { view: null, loading: false };
  return { view: loaded?.view ?? null, loading: loaded?.asOf !== asOf };
}
