/**
 * Each seat's time bank, in games played with one: `seat_banks` holds what a
 * seat has as of the start of its running turn, else as it stands, kept in
 * step with the turns in the append's transaction (turn-deadline-projection.ts).
 */
import { Injectable } from '@nestjs/common';
import { PrismaService } from '../database/prisma.service';
import type { Sql } from '../database/sql';
import { type Period } from '../play/platform/clock-time';
import { endedTurn, type TurnChange, turnBudgetMs } from '../play/platform/clocks';
import type { MoveDeadlineSettings } from '../play/platform-events';
import { vacationsOf } from '../vacations/vacations-sql';

/** The seats' banks, and for a seat whose turn runs, since when, with what pauses it (its weekends' zone, its player's vacations). */
const BANKS_AND_TURNS = `
SELECT s.seat, b.remaining_ms::float8 AS "remainingMs", t.active_since AS "since", t.weekend_zone AS "weekendZone",
       ${vacationsOf('t.user_id')} AS vacations
FROM unnest($2::int[]) AS s(seat)
LEFT JOIN seat_banks b ON b.game_id = $1::uuid AND b.seat = s.seat
LEFT JOIN turn_deadlines t ON t.game_id = $1::uuid AND t.seat = s.seat`;

const KEEP_BANKS = `
INSERT INTO seat_banks (game_id, seat, remaining_ms)
SELECT $1::uuid, s.seat, s.remaining_ms FROM unnest($2::int[], $3::bigint[]) AS s(seat, remaining_ms)
ON CONFLICT (game_id, seat) DO UPDATE SET remaining_ms = excluded.remaining_ms`;

const BANKS_OF_GAME = `SELECT seat, remaining_ms::float8 AS "remainingMs" FROM seat_banks WHERE game_id = $1::uuid`;

interface BankRow {
  seat: number;
  remainingMs: number | null;
  since: Date | null;
  weekendZone: string | null;
  vacations: Array<{ startsAt: string; endsAt: string }>;
}

@Injectable()
export class SeatBanks {
  constructor(private readonly prisma: PrismaService) {}

  /** The banks of the seats whose turn `change` ended or began, as of `change.at`, written; by seat. */
  async afterTurns(sql: Sql, gameId: string, settings: MoveDeadlineSettings, change: TurnChange): Promise<Map<number, number>> {
    const seats = [...new Set([...change.ended, ...change.started])];
    if (seats.length === 0) return new Map();
    const rows = await sql.query<BankRow>(BANKS_AND_TURNS, [gameId, seats]);
    const banks = new Map(
      rows.map((row) => {
        const clock = { remainingMs: row.remainingMs ?? turnBudgetMs(settings), since: row.since };
        const vacations: Period[] = row.vacations.map((v) => ({ startsAt: new Date(v.startsAt), endsAt: new Date(v.endsAt) }));
        const ended = change.ended.includes(row.seat) ? endedTurn(settings, clock, change.at, { weekendZone: row.weekendZone, vacations }) : clock;
        return [row.seat, ended.remainingMs];
      }),
    );
    await sql.query(KEEP_BANKS, [gameId, [...banks.keys()], [...banks.values()]]);
    return banks;
  }

  /** Every seat's bank as stored (a seat that never had a turn has none yet). */
  async ofGame(gameId: string): Promise<Map<number, number>> {
    const rows = await this.prisma.sql.query<{ seat: number; remainingMs: number }>(BANKS_OF_GAME, [gameId]);
    return new Map(rows.map((row) => [row.seat, row.remainingMs]));
  }
}
