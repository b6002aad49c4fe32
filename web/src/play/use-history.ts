/**
 * The game's history for the timeline, fetched as the version grows (one's
 * own move brings its entries with its answer: `add`). New events are
 * appended; a rollback or undo changes which older events count as rolled
 * back, so then the whole history is read again. So it is when the game
 * ends: from then on the server shows every event whole (hidden cards,
 * amounts), which the entries read during play left out.
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

export interface History {
  entries: HistoryEntryFragment[];
  /**
   * The entries one's own move added after version `after`, which its answer
   * brings: kept at once, so the new version asks nothing more. Entries that
   * do not follow on from those held, or that jump back, are left to be read.
   */
  add(after: number, added: HistoryEntryFragment[]): void;
}

const lastSeq = (entries: HistoryEntryFragment[]) => (entries.length > 0 ? entries[entries.length - 1].seq : 0);

/**
 * `answerAwaited`: one of this page's changes is on its way. The live update
 * of one's own move can come before the move's answer; the read then waits
 * for the answer, which brings the entries itself.
 */
export function useHistory(gameId: string, version: number, finished: boolean, answerAwaited: boolean): History {
  const [entries, setEntries] = useState<HistoryEntryFragment[]>([]);
  const loaded = useRef<{ gameId: string; finished: boolean; entries: HistoryEntryFragment[] }>({ gameId, finished, entries: [] });

  useEffect(() => {
    let cancelled = false;
    const current = loaded.current;
    const known = current.gameId === gameId && current.finished === finished ? current.entries : [];
    const last = lastSeq(known);
    if (last >= version || answerAwaited) return;
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
  }, [gameId, version, finished, answerAwaited]);

  const add = (after: number, added: HistoryEntryFragment[]) => {
    const current = loaded.current;
    if (current.gameId !== gameId || lastSeq(current.entries) !== after || added.length >= PAGE || added.some((entry) => isJump(entry.type))) return;
    loaded.current = { ...current, entries: [...current.entries, ...added] };
    setEntries(loaded.current.entries);
  };

  return { entries: loaded.current.gameId === gameId ? entries : [], add };
}
