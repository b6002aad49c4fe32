/**
 * Each player's move clock: the time they have left, counted down each
 * second for the one whose clock runs. The server's reading is the truth
 * (weekends and vacations pause a clock there): the page counts down from it
 * only until the next one comes with the game.
 */
import { useEffect, useState } from 'react';
import type { GameFragment } from '../api/generated';
import type { PlayerInfo } from '../games/game-ui';

/** "2 d 03:04:05", "03:04:05". */
export function clockText(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const days = Math.floor(whole / 86_400);
  const time = [Math.floor(whole / 3600) % 24, Math.floor(whole / 60) % 60, whole % 60].map((part) => String(part).padStart(2, '0')).join(':');
  return days > 0 ? `${days} d ${time}` : time;
}

export function SeatClocks({ clocks, players }: { clocks: GameFragment['clocks']; players: PlayerInfo[] }) {
  const [reading, setReading] = useState({ clocks, at: Date.now() });
  const [now, setNow] = useState(reading.at);
  if (reading.clocks !== clocks) setReading({ clocks, at: Date.now() });
  const ticking = clocks.some((clock) => clock.running);
  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [ticking]);
  if (clocks.length === 0) return null;
  const elapsed = Math.max(0, now - reading.at) / 1000;
  return (
    <ul className="seat-clocks" aria-label="Time left">
      {clocks.map(({ seat, remainingSeconds, running }) => {
        const left = running ? Math.max(0, remainingSeconds - elapsed) : remainingSeconds;
        return (
          <li key={seat} className={running ? 'running' : ''} data-seat={seat}>
            {players[seat]?.isMe ? 'You' : (players[seat]?.name ?? `Seat ${seat + 1}`)}{' '}
            <span className="clock" data-seconds={Math.floor(left)}>
              {clockText(left)}
            </span>
            {!running && remainingSeconds > 0 && players[seat]?.active && <span className="muted small"> (paused)</span>}
          </li>
        );
      })}
    </ul>
  );
}
