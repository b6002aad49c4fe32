/**
 * The game's history for the timeline, fetched as the version grows. New
 * events are appended; a rollback or undo changes which older events count
 * as rolled back, so then the whole history is read again. So it is when
 * the game ends: from then on the server shows every event whole (hidden
 * cards, amounts), which the entries read during play left out.
 */
import { useEffect, useRef, useState } from 'react';
import { client } from '../api/client';
import { HistoryDocument, type HistoryEntryFragment } from '../api/generated';
import { isJump } from './platform-events';

const PAGE = 500;

async function readHistory(id: string, after: number): Promise<HistoryEntryFragment[]> {
  const entries: HistoryEntryFragment[] = [];
  for (;;) {
    const { data, error } = await client.query(HistoryDocument, { id, after: after + entries.length });
    if (!data) throw error;
    entries.push(...data.game.history);
    if (data.game.history.length < PAGE) return entries;
  }
}

export function useHistory(gameId: string, version: number, finished: boolean): HistoryEntryFragment[] {
  const [entries, setEntries] = useState<HistoryEntryFragment[]>([]);
  const loaded = useRef<{ gameId: string; finished: boolean; entries: HistoryEntryFragment[] }>({ gameId, finished, entries: [] });

  useEffect(() => {
    let cancelled = false;
    const current = loaded.current;
    const known = current.gameId === gameId && current.finished === finished ? current.entries : [];
    const last = known.length > 0 ? known[known.length - 1].seq : 0;
    if (last >= version) return;
    readHistory(gameId, last)
      .then(async (fresh) => (fresh.some((entry) => isJump(entry.type)) ? readHistory(gameId, 0) : [...known, ...fresh]))
      .then((all) => {
        if (cancelled) return;
        loaded.current = { gameId, finished, entries: all };
        setEntries(all);
      })
      .catch(() => undefined); // the timeline simply stays as it was; the board shows live problems
    return () => {
      cancelled = true;
    };
  }, [gameId, version, finished]);

  return loaded.current.gameId === gameId ? entries : [];
}
