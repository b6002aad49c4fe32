/**
 * What became of a takeback request or a proposal to end that the page
 * showed waiting for answers: declined, lapsed, withdrawn, or agreed to, in
 * the history's own words ("Ann declined the takeback."), where the request
 * was, above the board, until dismissed or another comes. Otherwise a
 * declined request would vanish from above the board and be told only in
 * the history.
 */
import { useEffect, useRef, useState } from 'react';
import type { GameFragment, HistoryEntryFragment } from '../api/generated';

/** The events that end a waiting request or proposal (an answer ends it when it declines; an agreement ends in its own event). */
const ENDINGS = new Set([
  'game.takebackAnswered',
  'game.takenBack',
  'game.endAnswered',
  'game.endedByAgreement',
  'game.proposalLapsed',
  'game.proposalWithdrawn',
]);

export function ProposalOutcome({ game, entries }: { game: Pick<GameFragment, 'proposal' | 'version' | 'status'>; entries: HistoryEntryFragment[] }) {
  /** The version at which a request was last seen waiting, while one is. */
  const waitingAt = useRef<number | null>(null);
  /** Once it is gone: the version after which its end is to be found. */
  const [endedAfter, setEndedAfter] = useState<number | null>(null);
  const waiting = game.proposal !== null && game.proposal !== undefined;
  useEffect(() => {
    if (waiting) {
      waitingAt.current = game.version;
      setEndedAfter(null);
    } else if (waitingAt.current !== null) {
      setEndedAfter(waitingAt.current);
      waitingAt.current = null;
    }
  }, [waiting, game.version]);
  // A game that ended by agreement says so on its end screen.
  if (endedAfter === null || game.status !== 'ACTIVE') return null;
  // The last of the events that touched it since: the one that ended it (a decline, the agreement, the lapse, the withdrawal).
  const ending = entries.filter((entry) => entry.seq > endedAfter && ENDINGS.has(entry.type)).pop();
  if (!ending) return null;
  return (
    <div className="proposal-outcome" role="status">
      <span>{ending.text}</span>
      <button className="dismiss" aria-label="Dismiss" onClick={() => setEndedAfter(null)}>
        ×
      </button>
    </div>
  );
}
