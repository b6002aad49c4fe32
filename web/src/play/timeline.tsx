/**
 * The game's events in words, oldest first. Clicking one shows the board as
 * it was just after it (a replay); rolled-back events stay, struck through.
 */
import { useEffect, useRef } from 'react';

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

function shortTime(at: string): string {
  const date = new Date(at);
  const sameDay = date.toDateString() === new Date().toDateString();
  return sameDay ? date.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }) : date.toLocaleDateString([], { month: 'short', day: 'numeric' });
}

export function Timeline({ items, selected, onSelect }: { items: TimelineItem[]; selected: number | null; onSelect: (seq: number) => void }) {
  const list = useRef<HTMLOListElement>(null);
  const newest = items.length > 0 ? items[items.length - 1].seq : 0;

  // Follow the newest event, unless the player is looking at an older one.
  useEffect(() => {
    if (selected === null && list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [newest, selected]);

  return (
    <section className="timeline" aria-label="History">
      <h2>History</h2>
      <ol ref={list}>
        {items.map((item) => (
          <li key={item.seq} className={[item.rolledBack ? 'rolled-back' : '', item.seq === selected ? 'selected' : ''].join(' ')} data-seq={item.seq}>
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
              <time dateTime={item.at}>{shortTime(item.at)}</time>
            </button>
            {item.more.length > 0 && (
              <details className="more">
                <summary>And {item.more.length} more</summary>
                <p className="text">{item.more.join(' ')}</p>
              </details>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
