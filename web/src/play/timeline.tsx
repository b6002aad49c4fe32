/**
 * The game's events in words, oldest first. Clicking one shows the board as
 * it was just after it (a replay); rolled-back events stay, struck through.
 */
import { memo, useEffect, useRef } from 'react';
import { shortTime } from '../components/times';
import { useStableCallback } from '../components/use-stable-callback';

export interface TimelineItem {
  seq: number;
  /** Where the game stood, as players count: "Round 2 · Bob's turn · move 14". */
  label: string;
  text: string;
  /** The rest of a long step's sentences, shown on asking. */
  more: string[];
  at: string;
  rolledBack: boolean;
  /** No point of the game as it stands: no going back to it. */
  setAside: boolean;
  /** The board can be shown as of this event (the game had started). */
  replayable: boolean;
}

/** Whether a line reads the same as before: a live update then leaves it as it is, drawing only the lines that are new or changed. */
function sameLine(a: TimelineItem, b: TimelineItem): boolean {
  return (
    a.seq === b.seq &&
    a.label === b.label &&
    a.text === b.text &&
    a.more.join('\n') === b.more.join('\n') &&
    a.at === b.at &&
    a.rolledBack === b.rolledBack &&
    a.setAside === b.setAside &&
    a.replayable === b.replayable
  );
}

interface LineProps {
  item: TimelineItem;
  selected: boolean;
  /** `Date.toDateString()` of today: a time of today reads as a time of day, an earlier one as its day. */
  today: string;
  onSelect: (seq: number) => void;
}

// Drawn again only when what it shows changed (`onSelect` is the Timeline's own, which never changes).
const Line = memo(
  function Line({ item, selected, today, onSelect }: LineProps) {
    return (
      <li className={[item.rolledBack ? 'rolled-back' : '', selected ? 'selected' : ''].join(' ')} data-seq={item.seq}>
        <button
          disabled={!item.replayable}
          onClick={() => onSelect(item.seq)}
          title={item.rolledBack ? 'Rolled back: no longer part of the game' : 'Show the board as it was then'}
        >
          <span className="text">
            <span className="moment">{item.label}</span>
            {item.text}
            {item.rolledBack && <em className="tag"> rolled back</em>}
          </span>
          <time dateTime={item.at}>{shortTime(item.at, today)}</time>
        </button>
        {item.more.length > 0 && (
          <details className="more">
            <summary>And {item.more.length} more</summary>
            <p className="text">{item.more.join(' ')}</p>
          </details>
        )}
      </li>
    );
  },
  (before, after) => before.selected === after.selected && before.today === after.today && sameLine(before.item, after.item),
);

export function Timeline({ items, selected, onSelect }: { items: TimelineItem[]; selected: number | null; onSelect: (seq: number) => void }) {
  const list = useRef<HTMLOListElement>(null);
  const newest = items.length > 0 ? items[items.length - 1].seq : 0;
  const today = new Date().toDateString();
  // The lines call the newest onSelect through this, so they need not be drawn again when the caller passes another.
  const select = useStableCallback(onSelect);

  // Follow the newest event, unless the player is looking at an older one.
  useEffect(() => {
    if (selected === null && list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [newest, selected]);

  return (
    <section className="timeline" aria-label="History">
      <h2>History</h2>
      <ol ref={list}>
        {items.map((item) => (
          <Line key={item.seq} item={item} selected={item.seq === selected} today={today} onSelect={select} />
        ))}
      </ol>
    </section>
  );
}
