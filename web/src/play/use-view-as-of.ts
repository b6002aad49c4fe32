/** The caller's view of the board as it was at one version (`view(asOf)`), for the replay. */
import { useEffect, useState } from 'react';
import { useClient } from 'urql';
import { ViewAsOfDocument } from '../api/generated';

export function useViewAsOf(gameId: string, asOf: number | null): { view: unknown; loading: boolean } {
  const client = useClient();
  const [loaded, setLoaded] = useState<{ asOf: number; view: unknown } | null>(null);
  useEffect(() => {
    if (asOf === null) return;
    let cancelled = false;
    // A view that cannot be read leaves the board as it was (shown as loading).
    void client.query(ViewAsOfDocument, { id: gameId, asOf }).then(({ data }) => data && !cancelled && setLoaded({ asOf, view: data.game.view }));
    return () => {
      cancelled = true;
    };
  }, [client, gameId, asOf]);
  if (asOf === null) return { view: null, loading: false };
  return { view: loaded?.view ?? null, loading: loaded?.asOf !== asOf };
}
