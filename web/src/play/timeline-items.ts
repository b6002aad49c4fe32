/**
 * History entries turned into timeline lines. One line per step a player
 * (or the server) took: every event of one append shares its time, so
 * consecutive events at the same instant form one line, made of the
 * server's sentences for them (see src/play/event-text.ts). A line's
 * `seq` is its last event, so replaying or rolling back "to here" lands
 * after the whole step, never in the middle of one.
 */
import { momentLabel } from '@shared/moments';
import type { HistoryEntryFragment } from '../api/generated';
import type { NameOf } from '../games/game-ui';
import type { TimelineItem } from './timeline';

/** Longest line: a big step (a round's end) lists its first events, and the rest opens beneath it. */
const MAX_PARTS = 4;

function sameStep(a: HistoryEntryFragment, b: HistoryEntryFragment): boolean {
  return a.at === b.at;
}

function steps(history: HistoryEntryFragment[]): HistoryEntryFragment[][] {
  const groups: HistoryEntryFragment[][] = [];
  for (const entry of history) {
    const last = groups[groups.length - 1];
    if (last && sameStep(last[last.length - 1], entry)) last.push(entry);
    else groups.push([entry]);
  }
  return groups;
}

/** `nameOf` names seats in the words of the moment's label ("Bob's turn", "your turn"). */
export function timelineItems(history: HistoryEntryFragment[], nameOf: NameOf): TimelineItem[] {
  const started = history.find((entry) => entry.type === 'game.started');
  return steps(history).flatMap((step) => {
    const last = step[step.length - 1];
    const parts = step.flatMap((entry) => (entry.text ? [entry.text] : []));
    if (parts.length === 0) return [];
    return [
      {
        seq: last.seq,
        // Where the step stands as its first event tells: the move it is, and whose.
        label: momentLabel(step[0].moment, nameOf),
        text: parts.slice(0, MAX_PARTS).join(' '),
        more: parts.slice(MAX_PARTS),
        at: last.at,
        rolledBack: step.every((entry) => entry.rolledBack),
        setAside: step.every((entry) => entry.setAside),
        // The start step ends with the ruleset's setup: from there on there is a board.
        replayable: started !== undefined && last.seq >= started.seq,
      },
    ];
  });
}
