/**
 * Correspondence play: reminders before a move deadline, and what happens
 * when one passes (`game.deadlinePassed`, then the outcome the game's
 * settings or its host choose: extend, skip the seat, or end the game, all
 * events in the game's stream). Vacation time pauses deadlines.
 */
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { Clock } from '../common/clock';
import { AppError } from '../common/errors';
import { PeriodicTask } from '../common/periodic';
import { PrismaService } from '../database/prisma.service';
import { sqlInPrismaTransaction } from '../database/sql';
import { streamVersion } from '../event-store/stream-version';
import type { TurnDeadline } from '../generated/prisma/client';
import { NotificationOutbox } from '../notifications/outbox';
import { GameService } from '../play/game.service';
import { ServerSweeps } from '../play/server-sweeps';
import { GameQueries } from '../play/game-queries';
import { gameAt, type LoadedGame } from '../play/loaded-game';
import type { DeadlineAction } from '../play/platform-events';
import { botSeatLevel } from '../play/platform/bots';
import { clockAt, turnBudgetMs } from '../play/platform/clocks';
import { deadlineActions } from '../play/platform/deadlines';
import { GameRandomness } from '../randomness/game-randomness';
import { SeatBanks } from './seat-banks';
import { budgetOf, pausedDueAt, SeatDeadline, seatDeadlines, STANDING_DEADLINES, StandingDeadline } from './standing-deadlines';
import { Vacations } from '../vacations/vacations';

export interface DeadlinesOptions {
  /** Looks for due reminders and deadlines this often; unset: only when asked (tests). */
  sweepIntervalMs?: number;
}
export const DEADLINES_OPTIONS = Symbol('DEADLINES_OPTIONS');

/** A deadline as it stands after vacation pauses. */
interface EffectiveDeadline {
  row: TurnDeadline;
  dueAt: Date;
  remindAt: Date;
}

/** Why a due deadline passes nothing: the game has none, is not being played, or no longer waits on that seat. */
const NOTHING_TO_PASS = ['BAD_USER_INPUT', 'GAME_NOT_ACTIVE'];

/** A deadline that runs: its seat must act, and it has not passed. */
export interface RunningDeadline {
  gameId: string;
  seat: number;
  /** When the seat's turn began; an extension keeps it. */
  turnStartedAt: Date;
  /** Vacation pauses included. */
  dueAt: Date;
  /** When the reminder goes out, vacation pauses included; null when the game asked for none. */
  remindAt: Date | null;
}

/** A seat's clock as it reads now. */
export interface SeatClockReading {
  seat: number;
  remainingSeconds: number;
  /** Its turn runs and no pause holds it (a weekend, a vacation). */
  running: boolean;
}

/** A seat's deadline as one viewer reads it. */
export interface ViewedDeadline extends SeatDeadline {
  /** What the viewer may choose for the seat now: the host's choices once its deadline passed, none to anyone else. */
  actions: DeadlineAction[];
}

export interface MyTurn {
  game: LoadedGame;
  seat: number;
  deadline: Date | null;
}

@Injectable()
export class Deadlines implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(Deadlines.name);
  private readonly sweeper?: PeriodicTask;
  /** What modules above this one have the sweep do too (leagues starting rounds at their dates and as games end). */
  private readonly alsoSwept: Array<() => Promise<unknown>> = [];

  constructor(
    private readonly prisma: PrismaService,
    private readonly play: GameService,
    private readonly sweeps: ServerSweeps,
    private readonly games: GameQueries,
    private readonly outbox: NotificationOutbox,
    private readonly vacations: Vacations,
    private readonly banks: SeatBanks,
    private readonly randomness: GameRandomness,
    private readonly clock: Clock,
    @Inject(DEADLINES_OPTIONS) options: DeadlinesOptions,
  ) {
    if (options.sweepIntervalMs) this.sweeper = new PeriodicTask('deadline sweep', options.sweepIntervalMs, () => this.runDue());
  }

  onApplicationBootstrap(): void {
    this.sweeper?.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.sweeper?.stop();
  }

  /** Has every sweep run `work` after its own (which must be safe to repeat, as the sweep is). */
  alsoSweep(work: () => Promise<unknown>): void {
    this.alsoSwept.push(work);
  }

  /**
   * Sends the reminders and handles the deadlines that are due now, lapses takeback requests and proposals to end left
   * unanswered, closes the tables nobody started in time, and starts the full ones a crash left waiting to start by themselves;
   * then does what other modules asked (alsoSweep).
   */
  async runDue(): Promise<{ reminded: number; expired: number; lapsed: number; tablesClosed: number; tablesStarted: number }> {
    const now = this.clock.now();
    const done = {
      reminded: await this.remindDue(now),
      expired: await this.expireDue(now),
      lapsed: await this.sweeps.lapseExpiredProposals(now),
      tablesClosed: await this.sweeps.expireStaleTables(now),
      tablesStarted: await this.sweeps.startFullTables(now),
    };
    for (const work of this.alsoSwept) await work();
    return done;
  }

  /** Host only: what happens to a seat whose deadline passed (the platform decides; this module knows whether it passed). */
  resolve(hostId: string, gameId: string, seat: number, action: DeadlineAction): Promise<LoadedGame> {
    return this.play.resolveDeadline(hostId, gameId, seat, action, async () => {
      const deadline = await this.prisma.turnDeadline.findUnique({ where: { gameId_seat: { gameId, seat } } });
      return deadline?.expiredAt !== null && deadline?.expiredAt !== undefined;
    });
  }

  /** Every game where `userId` must act now, soonest deadline first. */
  async myTurns(userId: string): Promise<MyTurn[]> {
    const toAct = await this.games.seatsToAct(userId);
    const rows = await this.prisma.turnDeadline.findMany({ where: { userId, gameId: { in: toAct.map((s) => s.gameId) } } });
    const deadlines = await this.withPauses(rows);
    const turns = await Promise.all(
      toAct.map(async ({ gameId, seat }) => ({
        game: await this.play.load(gameId),
        seat,
        deadline: deadlines.find((d) => d.row.gameId === gameId && d.row.seat === seat)?.dueAt ?? null,
      })),
    );
    return turns.sort((a, b) => (a.deadline?.getTime() ?? Infinity) - (b.deadline?.getTime() ?? Infinity));
  }

  /** The deadlines running for `userId`, vacation pauses included, soonest first. */
  async runningOf(userId: string): Promise<RunningDeadline[]> {
    const rows = await this.prisma.turnDeadline.findMany({ where: { userId, expiredAt: null } });
    return (await this.withPauses(rows))
      .map(({ row, dueAt, remindAt }) => ({
        gameId: row.gameId,
        seat: row.seat,
        turnStartedAt: row.turnStartedAt,
        dueAt,
        // A reminder time equal to the deadline means the game asked for none.
        remindAt: row.remindAt < row.dueAt ? remindAt : null,
      }))
      .sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime());
  }

  /**
   * The game's running deadlines, vacation pauses included, each with what
   * `viewer` may choose for it now (as the decider would decide it, a skip
   * drawn as its append would draw it): none without deadline settings
   * (nothing to read).
   */
  async ofGame(game: LoadedGame, viewer: string | undefined): Promise<ViewedDeadline[]> {
    if (!game.state.moveDeadline) return [];
    const asked = gameAt(game, this.randomness);
    const now = this.clock.now();
    return seatDeadlines(await this.standing(game)).map((deadline) => ({
      ...deadline,
      actions: viewer === undefined ? [] : deadlineActions(asked, deadline.seat, deadline.passed, viewer, now),
    }));
  }

  /**
   * Each seat's clock at this moment (games with deadlines only): a running
   * one from its deadline's start, an idle one from its bank (or the time
   * per move its next turn will have); a passed deadline reads 0. A game
   * not being played has none running, and shows none.
   */
  async clocksOf(game: LoadedGame): Promise<SeatClockReading[]> {
    const settings = game.state.moveDeadline;
    if (!settings || game.row.status !== 'ACTIVE') return [];
    const [standing, banks] = await Promise.all([this.standing(game), settings.bank ? this.banks.ofGame(game.row.id) : new Map<number, number>()]);
    const now = this.clock.now();
    // A bot's seat has no clock: it moves in a moment, whatever the time control.
    const players = game.state.seats.flatMap((_, seat) => (botSeatLevel(game.ruleset, game.state, seat) === null ? [seat] : []));
    return players.map((seat) => {
      const row = standing.find((deadline) => deadline.seat === seat);
      if (row?.expiredAt) return { seat, remainingSeconds: 0, running: false };
      const clock = row ? { remainingMs: budgetOf(row), since: row.activeSince } : { remainingMs: banks.get(seat) ?? turnBudgetMs(settings), since: null };
      const reading = clockAt(clock, now, { weekendZone: row?.weekendZone ?? null, vacations: row?.vacations ?? [] });
      return { seat, remainingSeconds: Math.floor(reading.remainingMs / 1000), running: reading.running };
    });
  }

  /** The game's running deadlines with their players' vacations: as its append just wrote them on the game a change of this request made; else read. */
  private async standing(game: LoadedGame): Promise<StandingDeadline[]> {
    const written = game.written?.get(STANDING_DEADLINES) as StandingDeadline[] | undefined;
    if (written) return written;
    const rows = await this.prisma.turnDeadline.findMany({ where: { gameId: game.row.id } });
    const periods = await this.vacations.periodsOf([...new Set(rows.map((row) => row.userId))]);
    return rows.map((row) => ({ ...row, vacations: periods.get(row.userId)! }));
  }

  // ---- reminders -------------------------------------------------------------

  private async remindDue(now: Date): Promise<number> {
    // A reminder time equal to the deadline means the game asked for none.
    const candidates = (await this.prisma.turnDeadline.findMany({ where: { remindedAt: null, expiredAt: null, remindAt: { lte: now } } })).filter(
      (row) => row.remindAt < row.dueAt,
    );
    let reminded = 0;
    for (const deadline of await this.withPauses(candidates)) {
      if (deadline.remindAt <= now && (await this.remind(deadline, now))) reminded++;
    }
    return reminded;
  }

  /** Marks the reminder sent and writes its mail to the outbox, together; false if another process did first. */
  private remind({ row, dueAt }: EffectiveDeadline, now: Date): Promise<boolean> {
    return this.prisma.$transaction(async (tx) => {
      const claimed = await tx.turnDeadline.updateMany({
        where: { gameId: row.gameId, seat: row.seat, activeSince: row.activeSince, remindedAt: null },
        data: { remindedAt: now },
      });
      if (claimed.count === 0) return false;
      const sql = sqlInPrismaTransaction(tx);
      const version = await streamVersion(sql, row.gameId);
      if (version === null) throw new Error(`no game ${row.gameId}`);
      await this.outbox.recordInTransaction(sql, row.gameId, version, [
        // activeSince names this deadline: the mail is not sent once the seat's deadline is another, or none (mail-facts.ts).
        {
          userId: row.userId,
          kind: 'DEADLINE_REMINDER',
          details: { seat: row.seat, deadline: dueAt.toISOString(), activeSince: row.activeSince.toISOString() },
        },
      ]);
      return true;
    });
  }

  // ---- expiry ----------------------------------------------------------------

  private async expireDue(now: Date): Promise<number> {
    const candidates = await this.prisma.turnDeadline.findMany({ where: { expiredAt: null, dueAt: { lte: now } } });
    let expired = 0;
    for (const deadline of await this.withPauses(candidates)) {
      if (deadline.dueAt > now) continue;
      try {
        await this.expire(deadline.row);
        expired++;
      } catch (error) {
        // A game whose history was changed in the database takes no deadline outcome either (logged where it was found).
        if (error instanceof AppError && error.code === 'INTEGRITY_FAILURE') continue;
        // Someone moved (or another process expired it) meanwhile: the next sweep looks again.
        if (!(error instanceof AppError && error.code === 'VERSION_CONFLICT')) throw error;
        this.logger.debug(`deadline of game ${deadline.row.gameId} seat ${deadline.row.seat} raced with another change`);
      }
    }
    return expired;
  }

  /** The platform records the deadline's passing and what follows; a game no longer waiting on that seat takes nothing. */
  private async expire(deadline: TurnDeadline): Promise<void> {
    try {
      await this.play.passDeadline(deadline.gameId, deadline.seat);
    } catch (error) {
      if (!(error instanceof AppError && NOTHING_TO_PASS.includes(error.code))) throw error;
    }
  }

  /** The deadlines with their players' vacation time added. */
  private async withPauses(rows: TurnDeadline[]): Promise<EffectiveDeadline[]> {
    const periods = await this.vacations.periodsOf([...new Set(rows.map((r) => r.userId))]);
    return rows.map((row) => {
      const dueAt = pausedDueAt(row, periods.get(row.userId)!);
      return { row, dueAt, remindAt: new Date(row.remindAt.getTime() + dueAt.getTime() - row.dueAt.getTime()) };
    });
  }
}
