/**
 * Each seat's move clock, from the turns the events give and the game's
 * settings: with `hoursPerMove`, every turn has that much counted time; with
 * a bank, a seat's bank runs during its turns only and gets `incrementHours`
 * whenever its turn ends (never above `maxHours`); an extension after the
 * time ran out gives a fresh `hoursPerMove`, or `incrementHours` of bank.
 * Pure: the server (src/deadlines/) keeps the clocks in step with every
 * append, and the verifier counts them again from the record's times.
 */
import type { AnyRuleset, GameStatus } from '../../rules/contract';
import type { GameState } from '../game-state-types';
import {
  DeadlineExtended,
  DeadlinePassed,
  GameRolledBack,
  type MoveDeadlineSettings,
  PlayerRemoved,
  PlayerResigned,
  SeatReassigned,
  TakenBack,
  TurnSkipped,
} from '../platform-events';
import { botSeatLevel } from './bots';
import { type ClockPauses, countedMs, HOUR_MS, pausedAt, runsOutAt, UNCHOSEN_ZONE } from './clock-time';

export interface SeatClock {
  /** Counted time left, as of `since` while the seat's turn runs, else now. */
  remainingMs: number;
  /** When the seat's turn (or its extension) began; null while it is not to act. */
  since: Date | null;
}

/** What an append did to the seats' turns. */
export interface TurnChange {
  at: Date;
  /** Seats whose turn ended (among them, seats whose next turn begins at once). */
  ended: readonly number[];
  /** Seats whose turn began. */
  started: readonly number[];
  /** Seats given more time after theirs ran out. */
  extended: readonly number[];
}

/** What an append did to the seats' turns, and to their deadlines. */
export interface AppendedTurns extends Omit<TurnChange, 'at'> {
  /** Seats whose running deadline passed, and stays passed (till it is extended, or the turn ends: src/deadlines/ passes it once). */
  passed: number[];
}

/** An append, as far as the seats' turns go. */
export interface AppendOfTurns {
  /** The seats to act before it (none while the game was not being played). */
  toActBefore: readonly number[];
  /** The game after it, and its status. */
  state: GameState;
  status: GameStatus | null;
  /** Its events: their types, and the seats their payloads name. */
  events: ReadonlyArray<{ type: string; payload: { readonly [key: string]: unknown } }>;
}

/** The seats to act in a game of `status` (none before it starts or once it is over). */
export function seatsToAct(status: GameStatus | null): number[] {
  return status && !status.finished ? status.activeSeats : [];
}

/**
 * Which seats' turns (and so their clocks and deadlines) an append ended,
 * began or extended: the one rule the server's deadlines and turn mail and
 * the verifier's clocks all follow. A seat to act after the append and not
 * before begins its turn. A host rollback or a takeback restarts every turn.
 * A skip passes one turn only (src/rules/pass-over.ts), so a seat skipped and
 * still to act is at its next turn, which begins now; so is a seat to act
 * that changed hands, for its new player. A seat a bot plays has no turn of
 * a player to begin (no deadline, no mail), rollback or not: its bot moves in
 * a moment (src/bots/). A turn ends where its seat is no longer to act, or begins anew,
 * or where its player leaves and a bot takes the seat over: the seat stays to
 * act till its bot moves, but its player's turn (deadline, mail) is over in
 * that append, and in no later one.
 * A deadline that passes stays passed, unless the same append extends it
 * or skips the late turn and begins the seat's next one.
 */
export function turnsOfAppend(ruleset: AnyRuleset, append: AppendOfTurns): AppendedTurns {
  const after = seatsToAct(append.status);
  const seatsOf = (...types: string[]) => append.events.filter((event) => types.includes(event.type)).map((event) => event.payload.seat as number);
  const jumped = append.events.some((event) => event.type === GameRolledBack || event.type === TakenBack);
  const restarted = seatsOf(TurnSkipped, SeatReassigned);
  const begun = jumped ? after : after.filter((seat) => !append.toActBefore.includes(seat) || restarted.includes(seat));
  const playedByBot = (seat: number) => botSeatLevel(ruleset, append.state, seat) !== null;
  const started = begun.filter((seat) => !playedByBot(seat));
  const takenOver = seatsOf(PlayerResigned, PlayerRemoved).filter(playedByBot);
  const ended = append.toActBefore.filter((seat) => !after.includes(seat) || started.includes(seat) || takenOver.includes(seat));
  const extended = seatsOf(DeadlineExtended);
  const passed = seatsOf(DeadlinePassed).filter((seat) => !started.includes(seat) && !extended.includes(seat));
  return { ended, started, extended, passed };
}

/** What a turn starts with, before the bank if any. */
export function turnBudgetMs(settings: MoveDeadlineSettings): number {
  return (settings.bank?.initialHours ?? settings.hoursPerMove!) * HOUR_MS;
}

/** What an extension gives. */
export function extensionMs(settings: MoveDeadlineSettings): number {
  return (settings.bank?.incrementHours ?? settings.hoursPerMove!) * HOUR_MS;
}

export function initialClocks(settings: MoveDeadlineSettings, seats: number): SeatClock[] {
  return Array.from({ length: seats }, () => ({ remainingMs: turnBudgetMs(settings), since: null }));
}

/** A seat's clock once its turn ends at `at`: what it used is taken off; a bank gets its increment, up to its cap. */
export function endedTurn(settings: MoveDeadlineSettings, clock: SeatClock, at: Date, pauses: ClockPauses): SeatClock {
  const { bank } = settings;
  if (!bank) return { remainingMs: turnBudgetMs(settings), since: null };
  const used = clock.since ? countedMs(clock.since, at, pauses) : 0;
  const left = Math.max(0, clock.remainingMs - used);
  return { remainingMs: Math.min(bank.maxHours * HOUR_MS, left + bank.incrementHours * HOUR_MS), since: null };
}

/** The clocks after an append's `change` of turns. */
export function clocksAfter(
  settings: MoveDeadlineSettings,
  clocks: readonly SeatClock[],
  change: TurnChange,
  pausesOf: (seat: number) => ClockPauses,
): SeatClock[] {
  return clocks.map((clock, seat) => {
    let next = clock;
    if (change.ended.includes(seat)) next = endedTurn(settings, next, change.at, pausesOf(seat));
    if (change.started.includes(seat)) next = { remainingMs: next.remainingMs, since: change.at };
    if (change.extended.includes(seat)) next = { remainingMs: extensionMs(settings), since: change.at };
    return next;
  });
}

/** When a running clock runs out (null: not running). */
export function clockRunsOutAt(clock: SeatClock, pauses: ClockPauses): Date | null {
  return clock.since && runsOutAt(clock.since, clock.remainingMs, pauses);
}

/** A clock as it reads at `now`: what is left, and whether it is ticking (its turn, not paused, not run out). */
export function clockAt(clock: SeatClock, now: Date, pauses: ClockPauses): { remainingMs: number; running: boolean } {
  if (!clock.since) return { remainingMs: clock.remainingMs, running: false };
  const remainingMs = Math.max(0, clock.remainingMs - countedMs(clock.since, now, pauses));
  return { remainingMs, running: remainingMs > 0 && !pausedAt(now, pauses) };
}

/** What the record shows of what pauses `seat`'s clock: the weekends of its recorded time zone, where the game pauses on them (vacations are not in it). */
export function recordedPauses(state: Pick<GameState, 'moveDeadline' | 'timeZones'>, seat: number): ClockPauses {
  return { weekendZone: state.moveDeadline?.pauseOnWeekends ? (state.timeZones?.[seat] ?? UNCHOSEN_ZONE) : null, vacations: [] };
}

/** When the reminder before `dueAt` goes out (at `dueAt` itself when the game asked for none). */
export function reminderAt(settings: MoveDeadlineSettings, dueAt: Date): Date {
  return new Date(dueAt.getTime() - settings.reminderHoursBefore * HOUR_MS);
}
