/**
 * Records and verification on the server: a game's record for one reader
 * (game-record.ts), the check behind "Record verified" on finished games,
 * and the verifier run on the server's own copy of a game (the whole
 * record, server seed included) for `npm run verify -- --game` and
 * `npm run games:revalidate`.
 */
import { Inject, Injectable } from '@nestjs/common';
import { AppError } from '../common/errors';
import { PrismaService } from '../database/prisma.service';
import { EventStore } from '../event-store/event-store';
import { RulesetRegistry } from '../play/ruleset-registry';
import { GameService } from '../play/game.service';
import type { LoadedGame } from '../play/loaded-game';
import { botSeatLevel } from '../play/platform/bots';
import { revealedToAll } from '../play/platform/game-at';
import { seatOf } from '../play/game-state';
import type { Viewer } from '../rules/contract';
import { buildRecord, GameRecord } from './game-record';
import { RulesetLookup, Verdict, verifyRecord } from './verify-record';

/** Verdicts on finished games kept in memory: a finished game never changes. */
const VERDICT_CACHE_LIMIT = 2000;

@Injectable()
export class RecordsService {
  private readonly verdicts = new Map<string, Verdict>();

  constructor(
    private readonly prisma: PrismaService,
    private readonly store: EventStore,
    private readonly play: GameService,
    @Inject(RulesetRegistry) private readonly rulesets: RulesetRegistry,
  ) {}

  /** The rules this server plays, as the verifier looks them up. */
  get rulesetLookup(): RulesetLookup {
    return (id) => this.rulesets.list().find((ruleset) => ruleset.id === id);
  }

  /** A finished game's whole record, for anyone; a running game's, redacted for the seated player asking. */
  async recordFor(gameId: string, userId: string | undefined): Promise<GameRecord> {
    const game = await this.play.load(gameId);
    if (revealedToAll(game.row.status)) return this.record(game, 'all');
    const seat = seatOf(game.state, userId);
    if (!userId) throw new AppError('UNAUTHENTICATED', 'Log in first: the record of a game being played is for its players only.');
    if (seat === null) throw new AppError('FORBIDDEN', 'The record of a game being played is for its players only; anyone may have it once the game is over.');
    return this.record(game, seat);
  }

  /** Whether a finished game's record verifies (null while the game is not finished). */
  async finishedGameVerdict(game: LoadedGame): Promise<Verdict | null> {
    if (game.row.status !== 'FINISHED') return null;
    const known = this.verdicts.get(game.row.id);
    if (known) return known;
    const verdict = verifyRecord(await this.record(game, 'all'), this.rulesetLookup);
    this.verdicts.set(game.row.id, verdict);
    if (this.verdicts.size > VERDICT_CACHE_LIMIT) this.verdicts.delete(this.verdicts.keys().next().value as string);
    return verdict;
  }

  /** The game's whole record with its server seed, running or not: for the server's own checks, never for a reader of a running game. */
  async wholeRecord(gameId: string): Promise<GameRecord> {
    return this.wholeRecordOf(await this.play.load(gameId));
  }

  /** The whole record (as wholeRecord) of a game the caller loaded. */
  wholeRecordOf(game: LoadedGame): Promise<GameRecord> {
    return this.record(game, 'all', true);
  }

  private async record(game: LoadedGame, viewer: Viewer, withServerSeed = false): Promise<GameRecord> {
    const { row, state, ruleset } = game;
    const [events, users] = await Promise.all([
      this.store.readEvents(row.id, 0, row.version),
      this.prisma.user.findMany({ where: { id: { in: state.seats.filter((id): id is string => id !== null) } }, select: { id: true, displayName: true } }),
    ]);
    const names = new Map(users.map((user) => [user.id, user.displayName]));
    return buildRecord({
      game: { ...row, rulesetVersion: row.rulesetVersion },
      ruleset,
      events,
      seatNames: state.seats.map((id) => (id === null ? null : (names.get(id) ?? null))),
      seatBots: state.seats.map((_, seat) => botSeatLevel(ruleset, state, seat)),
      randomness: { commitment: state.commitment, clientSeeds: state.clientSeeds, fixedSeed: state.fixedSeed },
      serverSeed: revealedToAll(row.status) || withServerSeed ? row.seed : null,
      viewer,
    });
  }
}
