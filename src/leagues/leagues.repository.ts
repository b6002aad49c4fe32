/**
 * The leagues' tables: `leagues` (its terms, its secret seed, the round it
 * is at), `league_members` (who takes part, in the order given, and when
 * they dropped out), `league_tables` (each round's tables, players in seat
 * order, with the game once created) and `league_byes`.
 */
import { Injectable } from '@nestjs/common';
import { PrismaService } from '../database/prisma.service';
import type { Sql } from '../database/sql';
import type { LeagueFormat } from './league-terms';

export interface StoredLeague {
  id: string;
  groupId: string;
  ruleset: string;
  options: unknown;
  seatsPerGame: number;
  format: LeagueFormat;
  rounds: number;
  pointsPerPlace: number[];
  botsPlayDropOuts: boolean;
  rated: boolean;
  moveDeadline: unknown;
  startsAt: Date;
  serverSeed: string;
  seedCommitment: string;
  currentRound: number;
  finishedAt: Date | null;
}

export interface StoredMember {
  userId: string;
  droppedOut: boolean;
}

export interface StoredTable {
  round: number;
  table: number;
  /** In seat order. */
  players: string[];
  /** Who sat down in its game, by seat; empty before its round starts. */
  seated: string[];
  gameId: string | null;
}

/** A round's tables (players in seat order) and byes. */
export interface PairedRound {
  tables: string[][];
  byes: string[];
}

export interface NewLeague extends Omit<StoredLeague, 'currentRound' | 'finishedAt'> {
  createdBy: string;
  createdAt: Date;
  memberIds: readonly string[];
}

const LEAGUE_COLUMNS = `
id::text, group_id::text AS "groupId", ruleset, options, seats_per_game AS "seatsPerGame", format::text, rounds,
points_per_place AS "pointsPerPlace", bots_play_drop_outs AS "botsPlayDropOuts", rated, move_deadline AS "moveDeadline", starts_at AS "startsAt", server_seed AS "serverSeed",
seed_commitment AS "seedCommitment", current_round AS "currentRound", finished_at AS "finishedAt"`;
const INSERT_LEAGUE = `
INSERT INTO leagues (id, group_id, created_by, ruleset, options, seats_per_game, format, rounds, points_per_place, move_deadline, starts_at,
  server_seed, seed_commitment, created_at, bots_play_drop_outs, rated)
VALUES ($1::uuid, $2::uuid, $3::uuid, $4, $5::jsonb, $6::int, $7::text::"LeagueFormat", $8::int, $9::float8[], $10::jsonb, $11::timestamptz,
  $12, $13, $14::timestamptz, $15::boolean, $16::boolean)`;
const INSERT_MEMBERS = `
INSERT INTO league_members (league_id, user_id, position) SELECT $1::uuid, user_id, position::int - 1
FROM unnest($2::uuid[]) WITH ORDINALITY AS given(user_id, position)`;
const INSERT_TABLE = `INSERT INTO league_tables (league_id, round, "table", players, seated) VALUES ($1::uuid, $2::int, $3::int, $4::uuid[], '{}')`;
const SET_SEATED = `
UPDATE league_tables t SET seated = ARRAY(SELECT p FROM unnest(t.players) WITH ORDINALITY AS x(p, i) WHERE p <> ALL($3::uuid[]) ORDER BY i)
WHERE league_id = $1::uuid AND round = $2::int`;
const INSERT_BYES = `INSERT INTO league_byes (league_id, round, user_id) SELECT $1::uuid, $2::int, unnest($3::uuid[])`;
const LEAGUE = `SELECT ${LEAGUE_COLUMNS} FROM leagues WHERE id = $1::uuid`;
const GROUP_LEAGUES = `SELECT id::text FROM leagues WHERE group_id = $1::uuid ORDER BY created_at DESC, id`;
const MEMBERS = `SELECT user_id::text AS "userId", dropped_out_at IS NOT NULL AS "droppedOut" FROM league_members WHERE league_id = $1::uuid ORDER BY position`;
const TABLES = `
SELECT round, "table", players::text[] AS players, seated::text[] AS seated, game_id::text AS "gameId" FROM league_tables WHERE league_id = $1::uuid ORDER BY round, "table"`;
const BYES = `SELECT round, user_id::text AS "userId" FROM league_byes WHERE league_id = $1::uuid ORDER BY round, user_id`;
const SET_GAME = `UPDATE league_tables SET game_id = $4::uuid WHERE league_id = $1::uuid AND round = $2::int AND "table" = $3::int AND game_id IS NULL`;
/** Claims the next round for one process: the round it was at must still be the one it is at. */
const CLAIM_ROUND = `UPDATE leagues SET current_round = $2::int WHERE id = $1::uuid AND current_round = $2::int - 1 AND finished_at IS NULL RETURNING id`;
const FINISH = `UPDATE leagues SET finished_at = $2::timestamptz WHERE id = $1::uuid AND finished_at IS NULL`;
const DROP_OUT = `
UPDATE league_members SET dropped_out_at = $3::timestamptz WHERE league_id = $1::uuid AND user_id = $2::uuid AND dropped_out_at IS NULL RETURNING user_id`;
/** Leagues not ended whose start has come. */
const RUNNING = `SELECT id::text FROM leagues WHERE finished_at IS NULL AND starts_at <= $1::timestamptz ORDER BY starts_at, id`;

@Injectable()
export class LeaguesRepository {
  private readonly sql: Sql;

  constructor(private readonly prisma: PrismaService) {
    this.sql = prisma.sql;
  }

  /** The league, its members and (a round robin's) whole schedule, in one transaction. */
  async create(league: NewLeague, schedule: readonly PairedRound[]): Promise<void> {
    await this.prisma.inSqlTransaction(async (sql) => {
      await sql.query(INSERT_LEAGUE, [
        league.id,
        league.groupId,
        league.createdBy,
        league.ruleset,
        JSON.stringify(league.options ?? null),
        league.seatsPerGame,
        league.format,
        league.rounds,
        league.pointsPerPlace,
        JSON.stringify(league.moveDeadline ?? null),
        league.startsAt,
        league.serverSeed,
        league.seedCommitment,
        league.createdAt,
        league.botsPlayDropOuts,
        league.rated,
      ]);
      await sql.query(INSERT_MEMBERS, [league.id, league.memberIds]);
      for (const [i, round] of schedule.entries()) await this.addRound(sql, league.id, i + 1, round);
    });
  }

  private async addRound(sql: Sql, leagueId: string, round: number, { tables, byes }: PairedRound): Promise<void> {
    for (const [table, players] of tables.entries()) await sql.query(INSERT_TABLE, [leagueId, round, table, players]);
    if (byes.length > 0) await sql.query(INSERT_BYES, [leagueId, round, byes]);
  }

  async league(id: string): Promise<StoredLeague | null> {
    return (await this.sql.query<StoredLeague>(LEAGUE, [id]))[0] ?? null;
  }

  async ofGroup(groupId: string): Promise<string[]> {
    return (await this.sql.query<{ id: string }>(GROUP_LEAGUES, [groupId])).map((row) => row.id);
  }

  members(leagueId: string): Promise<StoredMember[]> {
    return this.sql.query<StoredMember>(MEMBERS, [leagueId]);
  }

  tables(leagueId: string): Promise<StoredTable[]> {
    return this.sql.query<StoredTable>(TABLES, [leagueId]);
  }

  byes(leagueId: string): Promise<Array<{ round: number; userId: string }>> {
    return this.sql.query(BYES, [leagueId]);
  }

  /**
   * Moves the league on to `round` (whose tables `paired` gives: a Swiss
   * round, paired now; null when they were stored at the start), seating at
   * each table those not in `droppedOut`; false when another process did first.
   */
  async startRound(leagueId: string, round: number, paired: PairedRound | null, droppedOut: readonly string[]): Promise<boolean> {
    return this.prisma.inSqlTransaction(async (sql) => {
      const claimed = (await sql.query(CLAIM_ROUND, [leagueId, round])).length > 0;
      if (!claimed) return false;
      if (paired) await this.addRound(sql, leagueId, round, paired);
      await sql.query(SET_SEATED, [leagueId, round, droppedOut]);
      return true;
    });
  }

  /** The game created for a table of a round that started. */
  async setGame(leagueId: string, round: number, table: number, gameId: string): Promise<void> {
    await this.sql.query(SET_GAME, [leagueId, round, table, gameId]);
  }

  async finish(leagueId: string, at: Date): Promise<void> {
    await this.sql.query(FINISH, [leagueId, at]);
  }

  /** Whether the player was in and had not dropped out before. */
  async dropOut(leagueId: string, userId: string, at: Date): Promise<boolean> {
    return (await this.sql.query(DROP_OUT, [leagueId, userId, at])).length > 0;
  }

  async running(now: Date): Promise<string[]> {
    return (await this.sql.query<{ id: string }>(RUNNING, [now])).map((row) => row.id);
  }
}
