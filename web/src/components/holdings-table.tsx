/**
 * What each player holds, one row per seat, one column per kind of thing;
 * on a phone, a block per player with each thing labelled, which fits its
 * width (styles.css).
 */
import type { ReactNode } from 'react';
import type { PlayerInfo } from '../games/game-ui';
import { SeatSwatch } from './svg';

export interface HoldingsColumn<P> {
  label: string;
  /** Shown when the header is hovered or read aloud. */
  title?: string;
  value: (player: P, seat: number) => ReactNode;
}

export function HoldingsTable<P>({
  caption,
  players,
  holdings,
  columns,
}: {
  caption: string;
  players: PlayerInfo[];
  holdings: P[];
  columns: HoldingsColumn<P>[];
}) {
  return (
    // Scrolls sideways on a narrow screen: focusable, so that a keyboard can scroll it too.
    <div className="holdings" role="region" aria-label={caption} tabIndex={0}>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Player</th>
            {columns.map((column) => (
              <th key={column.label} scope="col" title={column.title}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {holdings.map((holding, seat) => (
            <tr key={seat} className={players[seat]?.active ? 'active' : ''}>
              <th scope="row">
                <SeatSwatch seat={seat} />
                {players[seat]?.name ?? `Seat ${seat + 1}`}
              </th>
              {columns.map((column) => (
                // Its column's name, which a phone shows beside the value (styles.css: a block per player there).
                <td key={column.label} data-label={column.label}>
                  {column.value(holding, seat)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
