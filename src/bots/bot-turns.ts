/**
 * Bots' moves, made by the server by themselves: an append that leaves a
 * bot to act queues its move (`bot_turns`, in the append's transaction, so
 * that no move is lost, a restart included), and a leased queue plays it a
 * moment later (at once in a game of bots alone), through the same command
 * pipeline as every other command. A move queued at a version the game has
 * left is dropped: the append that moved the game on queued what it needs.
 */
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import { AppError } from '../common/errors';
import { PrismaService } from '../database/prisma.service';
import type { Sql } from '../database/sql';
import { DeliveryClaim, DeliveryFailure, LeasedQueue } from '../notifications/delivery-queue';
import { ChangeWrites, GameChangeHook, GameChangeHooks, PendingChange } from '../play/game-change-hooks';
import { GameService } from '../play/game.service';
import { anyPlayerInPlay, botToAct } from '../play/platform/bots';
import { BOTS_OPTIONS, BotsOptions } from './bots-options';

const QUEUE_MOVE = `
INSERT INTO bot_turns (id, game_id, seat, version, next_attempt_at)
VALUES (gen_random_uuid(), $1::uuid, $2::int, $3::int, now() + make_interval(secs => $4::double precision))`;
const CLAIMED_MOVES = `SELECT id::text, game_id::text AS "gameId", seat, version FROM bot_turns WHERE id = ANY($1::uuid[])`;
const DONE = `DELETE FROM bot_turns WHERE id = $1::uuid`;

/** Why a queued move is not made, and never will be: the game moved on, ended, or takes no more writes. */
const NOT_TO_PLAY = ['VERSION_CONFLICT', 'NOT_YOUR_TURN', 'GAME_NOT_ACTIVE', 'FORBIDDEN', 'INTEGRITY_FAILURE', 'NOT_FOUND'];

interface QueuedMove {
  id: string;
  gameId: string;
  seat: number;
  version: number;
}

/** The bots' moves to make (bot_turns), with the notifications queue's mechanics: leases, retries with backoff. */
@Injectable()
export class BotTurnQueue extends LeasedQueue {
  constructor(prisma: PrismaService, @Inject(BOTS_OPTIONS) options: BotsOptions) {
    super(prisma, options.delivery, { name: 'bot_turns', entry: "bot's move" });
  }
}

@Injectable()
export class BotTurns implements GameChangeHook, OnModuleInit, OnApplicationBootstrap {
  private readonly logger = new Logger(BotTurns.name);

  constructor(
    private readonly hooks: GameChangeHooks,
    private readonly queue: BotTurnQueue,
    private readonly play: GameService,
    private readonly prisma: PrismaService,
    @Inject(BOTS_OPTIONS) private readonly options: BotsOptions,
  ) {}

  onModuleInit(): void {
    this.hooks.register(this);
  }

  onApplicationBootstrap(): void {
    if (this.options.play) this.queue.work((claims) => this.playQueued(claims));
  }

  /** Resolves once every bot's move due now has been made (and those it queued in turn, when due at once): for tests. */
  settled(): Promise<void> {
    return this.queue.settled();
  }

  /** Only an append that leaves a bot to act writes: games without bots never do. */
  writesFor(change: PendingChange): ChangeWrites | null {
    const toAct = botToAct(change.before.ruleset, change.state);
    if (!toAct) return null;
    const version = change.before.row.version + change.appended.length;
    const delayMs = anyPlayerInPlay(change.state) ? this.options.moveDelayMs : 0;
    return async (sql: Sql) => {
      await sql.query(QUEUE_MOVE, [change.before.row.id, toAct.seat, version, delayMs / 1000]);
      // Looked for once it is due (and committed); the queue's polling finds it too, should this be early.
      if (this.options.play) setTimeout(() => this.queue.wake(), delayMs + 20).unref();
    };
  }

  /**
   * Makes the claimed moves together (each its own game's: of two claimed in
   * one game, the older was queued at a version the game has left, and is
   * dropped); answers those that failed, to be tried again.
   */
  private async playQueued(claims: readonly DeliveryClaim[]): Promise<DeliveryFailure[]> {
    const moves = await this.prisma.sql.query<QueuedMove>(CLAIMED_MOVES, [claims.map((claim) => claim.notificationId)]);
    const outcomes = await Promise.all(
      moves.map((move) =>
        this.playOne(move).then(
          () => null,
          (error: unknown): DeliveryFailure => ({ notificationId: move.id, error }),
        ),
      ),
    );
    return outcomes.filter((failure): failure is DeliveryFailure => failure !== null);
  }

  private async playOne(move: QueuedMove): Promise<void> {
    try {
      await this.play.botMove(move.gameId, move.seat, move.version);
      // The move committed whatever it queued in turn (in a game of bots alone, due now): looked for at once.
      this.queue.wake();
    } catch (error) {
      if (!(error instanceof AppError && NOT_TO_PLAY.includes(error.code))) throw error;
      this.logger.debug(`bot's move in game ${move.gameId} at version ${move.version} not made: ${error.code}`);
    }
    await this.prisma.sql.query(DONE, [move.id]);
  }
}
