/**
 * The ratings as a projection of the games' events. As a game ends, its
 * append's transaction (a change hook) records whether and how it is rated
 * (src/play/platform/rated-games.ts), rates it in each scope it counts in
 * (all games of its ruleset, and its group's), and adds to its players'
 * reliability: committed with the game's end or not at all, so none is ever
 * lost. Games are rated in the order they ended, then by id; one that
 * commits after a game that ended later (two ends at once) has its scope
 * rated again from its first game, so the numbers are always those of
 * `computeRatings` over the scope's games, which `rebuild` writes afresh.
 */
import { Injectable, OnModuleInit } from '@nestjs/common';
import { AppError } from '../common/errors';
import { isUuid } from '../common/ids';
import { PrismaService } from '../database/prisma.service';
import type { Sql } from '../database/sql';
import { EventStore, type StoredEvent } from '../event-store/event-store';
import { ChangeWrites, GameChangeHook, GameChangeHooks, PendingChange } from '../play/game-change-hooks';
import { GameQueries } from '../play/game-queries';
import { type RatedGame, type RatedGameEvent, ratingVerdict, type RecordedResult } from '../play/platform/rated-games';
import { RulesetRegistry } from '../play/ruleset-registry';
import type { GameStatus } from '../rules/contract';
import { byRating, computeRatings, type PlayerRating, playerRating, rateGame, shownRating } from './rating-computation';
import { ALL_GAMES, RatingsRepository } from './ratings.repository';
import { NO_GAMES, type Reliability, reliabilityIn } from './reliability';

/** A player's ratings in every ruleset they have one, each with its history. */
export type PlayerRatings = Array<PlayerRating & { ruleset: string }>;

/** An event as the rule reads it. */
export function ratedGameEvent(
  event: Pick<StoredEvent, 'type' | 'payload' | 'actorSeat' | 'actorUserId' | 'stepStart'> & { at: Date | string },
): RatedGameEvent {
  const { type, payload, actorSeat, actorUserId, stepStart } = event;
  return { type, payload, actorSeat, actorUserId, stepStart, at: new Date(event.at).toISOString() };
}

/** A finished status as the game's row and record keep it (lobby-projection.ts). */
function recordedResult(status: GameStatus): RecordedResult {
  return { scores: status.scores ?? null, winners: status.winners ?? [], detail: status.detail ?? null };
}

/** The scopes a rated game counts in, all games first (the order their locks are taken in). */
function scopesOf(game: RatedGame): string[] {
  return game.groupId === null ? [ALL_GAMES] : [ALL_GAMES, game.groupId];
}

@Injectable()
export class RatingsService implements GameChangeHook, OnModuleInit {
  private readonly repository = new RatingsRepository();

  constructor(
    private readonly hooks: GameChangeHooks,
    private readonly prisma: PrismaService,
    private readonly store: EventStore,
    private readonly games: GameQueries,
    private readonly registry: RulesetRegistry,
  ) {}

  onModuleInit(): void {
    this.hooks.register(this);
  }

  /** Only the append that finishes a game writes. */
  writesFor(change: PendingChange): ChangeWrites | null {
    if (!change.status?.finished || change.before.row.status === 'FINISHED') return null;
    const result = recordedResult(change.status);
    const gameId = change.before.row.id;
    return async (sql, { appended }) => {
      const before = await this.store.readEvents(gameId, 0, change.before.row.version, sql);
      await this.recordEnd(sql, gameId, [...before, ...appended].map(ratedGameEvent), result);
    };
  }

  /** `npm run ratings:rebuild`: every table of the ratings written afresh from the finished games' events, in one transaction. */
  async rebuild(): Promise<{ games: number; rated: number }> {
    const games = await this.games.finishedGames();
    return this.prisma.inSqlTransaction(async (sql) => {
      await this.repository.clearAll(sql);
      const rated: RatedGame[] = [];
      for (const game of games) {
        const events = (await this.store.readEvents(game.id, 0, undefined, sql)).map(ratedGameEvent);
        await this.repository.addReliability(sql, reliabilityIn(events));
        const verdict = ratingVerdict(game.id, events, game.result as unknown as RecordedResult);
        if (verdict.rated) rated.push(verdict);
      }
      for (const game of rated) await this.repository.addRatedGame(sql, game);
      const scopes = new Set(rated.flatMap((game) => scopesOf(game).map((scope) => JSON.stringify([game.ruleset, scope]))));
      for (const [ruleset, scope] of [...scopes].map((key) => JSON.parse(key) as [string, string])) await this.rateAgain(sql, ruleset, scope);
      return { games: games.length, rated: rated.length };
    });
  }

  /** A ruleset's ratings, over all its rated games or over one group's, highest first. */
  async ratings(ruleset: string, groupId: string | null): Promise<PlayerRating[]> {
    this.registry.get(ruleset);
    if (groupId !== null && !isUuid(groupId)) throw new AppError('BAD_USER_INPUT', 'There is no such group.');
    const skills = await this.repository.scopeSkills(this.prisma.sql, ruleset, groupId ?? ALL_GAMES);
    return skills.map(({ userId, ...skill }) => playerRating(userId, skill, [])).sort(byRating);
  }

  /** A player's ratings over all rated games, by ruleset, each with its history. */
  async playerRatings(userId: string): Promise<PlayerRatings> {
    const [skills, points] = await Promise.all([this.repository.playerSkills(this.prisma.sql, userId), this.repository.playerHistory(this.prisma.sql, userId)]);
    return skills.map(({ ruleset, userId: id, ...skill }) => {
      const history = points
        .filter((point) => point.ruleset === ruleset)
        .map(({ gameId, endedAt, mu, sigma }) => ({ gameId, at: endedAt.toISOString(), mu, sigma, rating: shownRating({ mu, sigma }) }));
      return { ruleset, ...playerRating(id, skill, history) };
    });
  }

  async reliability(userId: string): Promise<Reliability> {
    return (await this.repository.reliability(this.prisma.sql, userId)) ?? NO_GAMES;
  }

  private async recordEnd(sql: Sql, gameId: string, events: RatedGameEvent[], result: RecordedResult): Promise<void> {
    await this.repository.addReliability(sql, reliabilityIn(events));
    const verdict = ratingVerdict(gameId, events, result);
    if (!verdict.rated) return;
    const scopes = scopesOf(verdict);
    for (const scope of scopes) await this.repository.lockScope(sql, verdict.ruleset, scope);
    await this.repository.addRatedGame(sql, verdict);
    for (const scope of scopes) await this.rate(sql, scope, verdict);
  }

  /** Rates `game` on top of its scope's ratings, or the whole scope again where a game that ended later is already rated. */
  private async rate(sql: Sql, scope: string, game: RatedGame): Promise<void> {
    if (await this.repository.ratedAfter(sql, scope, game)) return this.rateAgain(sql, game.ruleset, scope);
    const before = await this.repository.skills(
      sql,
      game.ruleset,
      scope,
      game.ranking.map((player) => player.userId),
    );
    await this.repository.saveGame(sql, scope, game, rateGame(before, game));
  }

  private async rateAgain(sql: Sql, ruleset: string, scope: string): Promise<void> {
    const games = await this.repository.ratedGames(sql, ruleset, scope);
    await this.repository.replaceScope(sql, ruleset, scope, computeRatings(games, { ruleset, groupId: scope === ALL_GAMES ? null : scope }));
  }
}
