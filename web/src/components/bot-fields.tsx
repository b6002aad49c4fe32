/** Bots in the new-game form: who plays each seat (the host, a player who joins, or a bot of a level), and whether bots take over from players who leave. */
import type { BotLevel } from '../api/generated';
import { botName } from '../play/players';

/** Each seat's bot, or null for a player (the host sits in seat 1 unless every seat is a bot's). */
export type SeatBots = (BotLevel | null)[];

export function BotFields({
  seatCount,
  levels,
  bots,
  onBotsChange,
  botsTakeOver,
  onTakeOverChange,
}: {
  seatCount: number;
  /** The levels the chosen game's bots can play at. */
  levels: readonly BotLevel[];
  bots: SeatBots;
  onBotsChange: (bots: SeatBots) => void;
  botsTakeOver: boolean;
  onTakeOverChange: (takeOver: boolean) => void;
}) {
  const choose = (seat: number, value: string) =>
    onBotsChange(Array.from({ length: seatCount }, (_, i) => (i === seat ? (value === 'PLAYER' ? null : (value as BotLevel)) : (bots[i] ?? null))));
  return (
    <fieldset className="bot-fields">
      <legend>Seats</legend>
      {Array.from({ length: seatCount }, (_, seat) => (
        <label key={seat}>
          Seat {seat + 1}
          <select name={`seat-${seat}`} value={bots[seat] ?? 'PLAYER'} onChange={(event) => choose(seat, event.target.value)}>
            <option value="PLAYER">{seat === 0 ? 'you' : 'a player who joins'}</option>
            {levels.map((level) => (
              <option key={level} value={level}>
                {botName(level)}
              </option>
            ))}
          </select>
        </label>
      ))}
      <p className="muted small">Give every seat to a bot to watch the bots play.</p>
      <label className="check">
        <input type="checkbox" name="botsTakeOver" checked={botsTakeOver} onChange={(event) => onTakeOverChange(event.target.checked)} /> When a player leaves,
        a bot takes over their seat (rather than passing it over)
      </label>
    </fieldset>
  );
}

/** The bots as createGame takes them: seats beyond the game's count left out. */
export function botSeatsInput(bots: SeatBots, seatCount: number): Array<{ seat: number; level: BotLevel }> {
  return bots.slice(0, seatCount).flatMap((level, seat) => (level ? [{ seat, level }] : []));
}
