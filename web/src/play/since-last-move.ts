/**
 * "What happened since you last moved": the turn mail links to the game's
 * page with `?since=me`, and the page opens the replay on the reader's last
 * move, from which "Later" steps through what the others did. The page finds
 * that move in the history as it is when opened, so a mail read late (after
 * another move of the reader's, or a takeback) still opens on their last one.
 */
import type { HistoryEntryFragment } from '../api/generated';
import type { TimelineItem } from './timeline';

/** Whether the page was opened to replay what happened since the player's last move. */
export function askedForSinceLastMove(): boolean {
  return new URLSearchParams(window.location.search).get('since') === 'me';
}

/**
 * The line to open the replay on: the step of `seat`'s last move still in
 * play (a server event, "game.…", is no move of theirs), or the game's start
 * when they have made none; null while there is none to show.
 */
export function sinceLastMoveSeq(entries: HistoryEntryFragment[], replayable: TimelineItem[], seat: number): number | null {
  const own = entries.findLast((entry) => entry.actorSeat === seat && !entry.type.startsWith('game.') && !entry.setAside);
  const from = own ? replayable.find((item) => item.seq >= own.seq) : replayable[0];
  return from?.seq ?? null;
}
