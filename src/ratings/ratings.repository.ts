/**
 * The ratings' SQL on their tables: `rated_games` (the input: each rated
 * game's players and places), `player_ratings` and `rating_history` (the
 * projection, per ruleset and scope: '' for all rated games, or a group's
 * id for that group's games), and `player_reliability`. Every statement
 * takes the `Sql` it runs on: a game's end writes them in its append's
 * transaction.
 */
import type { Sql } from '../database/sql';
import type { RatedGame, RankedPlayer } from '../play/platform/rated-games';
import type { PlayerRating, Skill } from './rating-computation';
import type { Reliability } from './reliability';

/** All rated games of a ruleset: the scope of its ratings over every group and none. */
export const ALL_GAMES = '';

/** Serializes the writes of one ruleset's scope, so that games ending at once are rated one after the other. */
const LOCK_SCOPE = `SELECT pg_advisory_xact_lock(hashtextextended('ratings:' || $1::text || ':' || $2::text, 0))`;
const INSERT_RATED_GAME = `
INSERT INTO rated_games (game_id, ruleset, group_id, ended_at, ranking) VALUES ($1::uuid, $2::text, $3::text, $4::timestamptz, $5::jsonb)
ON CONFLICT (game_id) DO NOTHING`;
const RATED_AFTER = `
SELECT 1 AS later FROM rated_games
WHERE ruleset = $1::text AND ($2::text = '' OR group_id = $2::text) AND (ended_at, game_id) > ($3::timestamptz, $4::uuid) LIMIT 1`;
const RATED_GAMES = `
SELECT game_id::text AS "gameId", ruleset, group_id AS "groupId", ended_at AS "endedAt", ranking FROM rated_games
WHERE ruleset = $1::text AND ($2::text = '' OR group_id = $2::text)`;
const SKILLS = `
SELECT user_id::text AS "userId", mu, sigma, games FROM player_ratings
WHERE ruleset = $1::text AND scope = $2::text AND user_id = ANY($3::uuid[])`;
const SAVE_SKILL = `
INSERT INTO player_ratings (ruleset, scope, user_id, mu, sigma, games) VALUES ($1::text, $2::text, $3::uuid, $4::float8, $5::float8, $6::int)
ON CONFLICT (ruleset, scope, user_id) DO UPDATE SET mu = EXCLUDED.mu, sigma = EXCLUDED.sigma, games = EXCLUDED.games`;
const SAVE_POINT = `
INSERT INTO rating_history (ruleset, scope, user_id, game_id, ended_at, mu, sigma)
VALUES ($1::text, $2::text, $3::uuid, $4::uuid, $5::timestamptz, $6::float8, $7::float8)`;
const CLEAR_SCOPE_RATINGS = `DELETE FROM player_ratings WHERE ruleset = $1::text AND scope = $2::text`;
const CLEAR_SCOPE_HISTORY = `DELETE FROM rating_history WHERE ruleset = $1::text AND scope = $2::text`;
const SCOPE_RATINGS = `SELECT user_id::text AS "userId", mu, sigma, games FROM player_ratings WHERE ruleset = $1::text AND scope = $2::text`;
const PLAYER_RATINGS = `SELECT ruleset, user_id::text AS "userId", mu, sigma, games FROM player_ratings WHERE scope = '' AND user_id = $1::uuid ORDER BY ruleset`;
const PLAYER_HISTORY = `
SELECT ruleset, game_id::text AS "gameId", ended_at AS "endedAt", mu, sigma FROM rating_history
WHERE scope = '' AND user_id = $1::uuid ORDER BY ended_at, game_id`;
const ADD_RELIABILITY = `
INSERT INTO player_reliability (user_id, turns_timed_out, turns, games_left, games) VALUES ($1::uuid, $2::int, $3::int, $4::int, $5::int)
ON CONFLICT (user_id) DO UPDATE SET turns_timed_out = player_reliability.turns_timed_out + EXCLUDED.turns_timed_out,
  turns = player_reliability.turns + EXCLUDED.turns, games_left = player_reliability.games_left + EXCLUDED.games_left,
  games = player_reliability.games + EXCLUDED.games`;
const RELIABILITY = `
SELECT turns_timed_out AS "turnsTimedOut", turns, games_left AS "gamesLeft", games FROM player_reliability WHERE user_id = $1::uuid`;
const CLEAR_ALL = ['DELETE FROM rated_games', 'DELETE FROM player_ratings', 'DELETE FROM rating_history', 'DELETE FROM player_reliability'];

export interface StoredSkill extends Skill {
  userId: string;
}

export interface StoredPoint {
  ruleset: string;
  gameId: string;
  endedAt: Date;
  mu: number;
  sigma: number;
}

interface RatedGameRow {
  gameId: string;
  ruleset: string;
  groupId: string | null;
  endedAt: Date;
  ranking: RankedPlayer[];
}

export class RatingsRepository {
  lockScope(sql: Sql, ruleset: string, scope: string): Promise<unknown> {
    return sql.query(LOCK_SCOPE, [ruleset, scope]);
  }

  addRatedGame(sql: Sql, game: RatedGame): Promise<unknown> {
    return sql.query(INSERT_RATED_GAME, [game.gameId, game.ruleset, game.groupId, game.endedAt, JSON.stringify(game.ranking)]);
  }

  /** Whether a game of the scope ended after `game` (in rating order): then `game` cannot simply be rated on top. */
  async ratedAfter(sql: Sql, scope: string, game: RatedGame): Promise<boolean> {
    return (await sql.query(RATED_AFTER, [game.ruleset, scope, game.endedAt, game.gameId])).length > 0;
  }

  async ratedGames(sql: Sql, ruleset: string, scope: string): Promise<RatedGame[]> {
    const rows = await sql.query<RatedGameRow>(RATED_GAMES, [ruleset, scope]);
    return rows.map((row) => ({ ...row, endedAt: row.endedAt.toISOString() }));
  }

  async skills(sql: Sql, ruleset: string, scope: string, userIds: string[]): Promise<Map<string, Skill>> {
    const rows = await sql.query<StoredSkill>(SKILLS, [ruleset, scope, userIds]);
    return new Map(rows.map(({ userId, ...skill }) => [userId, skill]));
  }

  /** The skills of `game`'s players after it, and the point it adds to each one's history. */
  async saveGame(sql: Sql, scope: string, game: RatedGame, skills: ReadonlyMap<string, Skill>): Promise<void> {
    for (const [userId, { mu, sigma, games }] of skills) {
      await sql.query(SAVE_SKILL, [game.ruleset, scope, userId, mu, sigma, games]);
      await sql.query(SAVE_POINT, [game.ruleset, scope, userId, game.gameId, game.endedAt, mu, sigma]);
    }
  }

  /** The scope's ratings as `ratings` has them, replacing what it held. */
  async replaceScope(sql: Sql, ruleset: string, scope: string, ratings: readonly PlayerRating[]): Promise<void> {
    await sql.query(CLEAR_SCOPE_RATINGS, [ruleset, scope]);
    await sql.query(CLEAR_SCOPE_HISTORY, [ruleset, scope]);
    for (const rating of ratings) {
      await sql.query(SAVE_SKILL, [ruleset, scope, rating.userId, rating.mu, rating.sigma, rating.games]);
      for (const point of rating.history) await sql.query(SAVE_POINT, [ruleset, scope, rating.userId, point.gameId, point.at, point.mu, point.sigma]);
    }
  }

  scopeSkills(sql: Sql, ruleset: string, scope: string): Promise<StoredSkill[]> {
    return sql.query<StoredSkill>(SCOPE_RATINGS, [ruleset, scope]);
  }

  playerSkills(sql: Sql, userId: string): Promise<Array<StoredSkill & { ruleset: string }>> {
    return sql.query(PLAYER_RATINGS, [userId]);
  }

  playerHistory(sql: Sql, userId: string): Promise<StoredPoint[]> {
    return sql.query<StoredPoint>(PLAYER_HISTORY, [userId]);
  }

  async addReliability(sql: Sql, players: ReadonlyMap<string, Reliability>): Promise<void> {
    for (const [userId, r] of players) await sql.query(ADD_RELIABILITY, [userId, r.turnsTimedOut, r.turns, r.gamesLeft, r.games]);
  }

  async reliability(sql: Sql, userId: string): Promise<Reliability | null> {
    return (await sql.query<Reliability>(RELIABILITY, [userId]))[0] ?? null;
  }

  async clearAll(sql: Sql): Promise<void> {
    for (const statement of CLEAR_ALL) await sql.query(statement);
  }
}
