/**
 * Play's SQL on its tables `games` (a game's row: its settings, secrets,
 * version and the lobby's read model) and `game_seats` (who sits where, and
 * whether they left, a projection of the seat events): reading a row, creating a game, keeping
 * the seats, and the lobby's lists.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { PrismaService } from '../database/prisma.service';
import type { Sql } from '../database/sql';
import type { StoredEvent } from '../event-store/event-store';
import type { GameRow } from './loaded-game';
import { GameCreatedPayload, PlayerRemoved, PlayerResigned, SeatGivenUp, SeatReassigned, SeatTaken } from './platform-events';
import { inPhase, notLeft, seatedIn, toAct } from './play-sql';

/**
 * A game's row as Prisma's `Game` has it, read on the prepared `pg` path:
 * every read of a game (the page's load, its history after each move)
 * starts with it, and through Prisma's runtime it cost about three times the
 * CPU (bench/README.md, item 7).
 */
const GAME_ROW_STATEMENT = `
SELECT id::text, ruleset, seed, options, seat_count AS "seatCount", host_id::text AS "hostId", status::text AS status, version,
  active_seats AS "activeSeats", started_version AS "startedVersion", result, ruleset_version AS "rulesetVersion",
  created_at AS "createdAt", updated_at AS "updatedAt", name, visibility::text AS visibility,
  invite_code AS "inviteCode", rematch_of::text AS "rematchOf"
FROM games WHERE id = $1::uuid`;

const CREATE_GAME = `
INSERT INTO games (id, ruleset, ruleset_version, seed, options, seat_count, host_id, name, visibility, invite_code, rematch_of, group_id)
VALUES ($1::uuid, $2, $3, $4, $5::jsonb, $6, $7::uuid, $8, $9::"GameVisibility", $10, $11::uuid, $12::uuid)`;

const TAKE_SEAT = `INSERT INTO game_seats (game_id, index, user_id) VALUES ($1::uuid, $2, $3::uuid)`;
const FREE_SEAT = `DELETE FROM game_seats WHERE game_id = $1::uuid AND index = $2`;
const HAND_OVER_SEAT = `UPDATE game_seats SET user_id = $3::uuid WHERE game_id = $1::uuid AND index = $2`;
const LEAVE_SEAT = `UPDATE game_seats SET left_at = $3::timestamptz WHERE game_id = $1::uuid AND index = $2`;
const DISPLAY_NAME = `SELECT display_name AS "displayName" FROM users WHERE id = $1::uuid`;
const TIME_ZONE = `SELECT time_zone AS "timeZone" FROM users WHERE id = $1::uuid`;

/**
 * A page of the lobby's games, newest activity first: $1 status or null,
 * $2 ruleset or null, $3 the caller or null, $4 only the caller's games, $5
 * only others', $6 how many, $7 from where. A private game is listed to its
 * players alone (its invitees find it among their invitations), and so is a
 * game created in a group (its members find it on the group's page): the
 * others' games listed are those `openToAnyone` (src/play/platform/lobby.ts),
 * its condition in SQL.
 */
const LOBBY_PAGE = `
SELECT g.id::text AS id FROM games g
CROSS JOIN LATERAL (SELECT ${seatedIn('g.id', '$3::uuid')} AS seated) caller
WHERE ($1::"GameStatus" IS NULL OR g.status = $1::"GameStatus") AND ($2::text IS NULL OR g.ruleset = $2)
  AND (CASE WHEN $4 THEN caller.seated ELSE (g.visibility = 'PUBLIC' AND g.group_id IS NULL) OR caller.seated END) AND NOT ($5 AND caller.seated)
ORDER BY g.updated_at DESC LIMIT $6 OFFSET $7`;

/**
 * The games being played where $1 holds a seat that must act now: as the
 * decider's `seatToMove` has it, a seat to act whose player has not left (a
 * bot that takes it over may be yet to move).
 */
const SEATS_TO_ACT = `
SELECT s.game_id::text AS "gameId", s.index AS seat FROM game_seats s JOIN games g ON g.id = s.game_id
WHERE s.user_id = $1::uuid AND ${notLeft('s')} AND ${toAct('g', 's.index')}`;

/** The games being played where $1 holds a seat and has not left it. */
const GAMES_IN_PLAY = `
SELECT g.id::text AS "gameId" FROM games g JOIN game_seats s ON s.game_id = g.id
WHERE s.user_id = $1::uuid AND ${notLeft('s')} AND ${inPhase('g', 'ACTIVE')}`;

/** The game waiting longest on a player: of those where they are to act, the one unchanged for longest. */
const NEXT_GAME = `${SEATS_TO_ACT} ORDER BY g.updated_at, g.id LIMIT 1`;

/** Tables still open that were opened before a time, oldest first, a batch at a time: opened when their first event was written, as their record shows. */
const TABLES_OPENED_BEFORE = `
SELECT g.id::text AS "gameId", e.at AS "openedAt" FROM games g JOIN game_events e ON e.game_id = g.id AND e.seq = 1
WHERE ${inPhase('g', 'LOBBY')} AND e.at <= $1::timestamptz ORDER BY e.at LIMIT 100`;

/**
 * A group's games but the tables that expired unstarted: those waiting for
 * players or being played first, then the finished, each latest change
 * first; $2 how many.
 */
const GROUP_GAMES = `
SELECT g.id::text AS id FROM games g WHERE g.group_id = $1::uuid AND NOT ${inPhase('g', 'EXPIRED')}
ORDER BY CASE WHEN ${inPhase('g', 'FINISHED')} THEN 1 ELSE 0 END, g.updated_at DESC LIMIT $2`;

/** The games being played, of one ruleset if $1 is not null, oldest first. */
const ACTIVE_GAMES = `
SELECT g.id::text AS id FROM games g WHERE ${inPhase('g', 'ACTIVE')} AND ($1::text IS NULL OR g.ruleset = $1) ORDER BY g.created_at, g.id`;

/** The game that is a rematch of $1 (a finished game has one at most). */
const REMATCH_OF = `SELECT g.id::text AS id FROM games g WHERE g.rematch_of = $1::uuid`;

/** Every finished game, with its result, in the order they were created. */
const FINISHED_GAMES = `SELECT g.id::text AS id, g.result FROM games g WHERE ${inPhase('g', 'FINISHED')} ORDER BY g.created_at, g.id`;

/**
 * Tables that should have started by themselves and did not: every seat is
 * taken (by players, or by bots at the creation) and the host let it start
 * by itself, yet nothing was written since `$1`. Only a crash between a
 * creation and its start leaves one (src/play/game.service.ts).
 */
const FULL_TABLES_LEFT_WAITING = `
SELECT g.id::text AS "gameId", g.host_id::text AS "hostId" FROM games g JOIN game_events e ON e.game_id = g.id AND e.seq = 1
WHERE ${inPhase('g', 'LOBBY')} AND e.payload->>'autoStart' = 'true' AND g.updated_at <= $1::timestamptz
  AND (SELECT count(*) FROM game_seats s WHERE s.game_id = g.id) + jsonb_array_length(coalesce(e.payload->'bots', '[]'::jsonb)) >= g.seat_count
ORDER BY g.updated_at LIMIT 100`;

/** A private game's invite secret: 128 random bits, for a link. */
function newInviteCode(): string {
  return randomBytes(16).toString('base64url');
}

export interface LobbyFilter {
  status: 'LOBBY' | 'ACTIVE' | 'FINISHED' | 'EXPIRED' | null;
  ruleset: string | null;
  /** Whose lobby: null for someone not signed in. */
  userId: string | null;
  /** Only the caller's games, or only others'. */
  mine: boolean;
  notMine: boolean;
  first: number;
  offset: number;
}

@Injectable()
export class GamesRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The game's row: on the pool, or on `sql` (a transaction the caller holds). */
  async row(gameId: string, sql: Sql = this.prisma.sql): Promise<GameRow | null> {
    const [row] = await sql.query<GameRow>(GAME_ROW_STATEMENT, [gameId]);
    return row ?? null;
  }

  /** A player's name, for the name of a game they host and did not name. */
  async displayName(userId: string): Promise<string> {
    const [user] = await this.prisma.sql.query<{ displayName: string }>(DISPLAY_NAME, [userId]);
    if (!user) throw new Error(`no user ${userId}`);
    return user.displayName;
  }

  /** The player's time zone (null: never chosen, read as UTC). */
  async timeZone(userId: string): Promise<string | null> {
    const [user] = await this.prisma.sql.query<{ timeZone: string | null }>(TIME_ZONE, [userId]);
    return user?.timeZone ?? null;
  }

  /**
   * Creates the game's row as `game.created` says, with what no history shows
   * (its server seed, a private game's invite code), and in the same
   * transaction its first events (`appendFirst`); returns its id.
   */
  async create(created: GameCreatedPayload, serverSeed: string, appendFirst: (sql: Sql, gameId: string) => Promise<StoredEvent[]>): Promise<string> {
    const gameId = randomUUID();
    await this.prisma.inSqlTransaction(async (sql) => {
      await sql.query(CREATE_GAME, [
        gameId,
        created.ruleset,
        created.rulesetVersion,
        serverSeed,
        JSON.stringify(created.options),
        created.seats,
        created.hostId,
        created.name,
        created.visibility,
        created.visibility === 'PRIVATE' ? newInviteCode() : null,
        created.rematchOf ?? null,
        created.groupId ?? null,
      ]);
      await this.keepSeats(sql, gameId, await appendFirst(sql, gameId));
    });
    return gameId;
  }

  /** Keeps `game_seats` in step with the seats the events took, gave up, handed over and left (leftSeats), in their append's transaction. */
  async keepSeats(sql: Sql, gameId: string, appended: readonly StoredEvent[]): Promise<void> {
    for (const event of appended) {
      if (event.type === SeatTaken) await sql.query(TAKE_SEAT, [gameId, event.payload.seat, event.payload.userId]);
      else if (event.type === SeatGivenUp) await sql.query(FREE_SEAT, [gameId, event.payload.seat]);
      else if (event.type === SeatReassigned) await sql.query(HAND_OVER_SEAT, [gameId, event.payload.seat, event.payload.userId]);
      else if (event.type === PlayerResigned || event.type === PlayerRemoved) await sql.query(LEAVE_SEAT, [gameId, event.payload.seat, event.at]);
    }
  }

  /** The ids of a page of the lobby's games. */
  async lobbyPage(filter: LobbyFilter): Promise<string[]> {
    const { status, ruleset, userId, mine, notMine, first, offset } = filter;
    const rows = await this.prisma.sql.query<{ id: string }>(LOBBY_PAGE, [status, ruleset, userId, mine, notMine && userId !== null, first, offset]);
    return rows.map((row) => row.id);
  }

  /** Where `userId` must act now: each game being played and their seat in it. */
  seatsToAct(userId: string): Promise<Array<{ gameId: string; seat: number }>> {
    return this.prisma.sql.query(SEATS_TO_ACT, [userId]);
  }

  async gamesInPlay(userId: string): Promise<string[]> {
    return (await this.prisma.sql.query<{ gameId: string }>(GAMES_IN_PLAY, [userId])).map((row) => row.gameId);
  }

  async nextGameFor(userId: string): Promise<string | null> {
    return (await this.prisma.sql.query<{ gameId: string }>(NEXT_GAME, [userId]))[0]?.gameId ?? null;
  }

  async groupGames(groupId: string, first: number): Promise<string[]> {
    return (await this.prisma.sql.query<{ id: string }>(GROUP_GAMES, [groupId, first])).map((row) => row.id);
  }

  async activeGames(ruleset: string | null): Promise<string[]> {
    return (await this.prisma.sql.query<{ id: string }>(ACTIVE_GAMES, [ruleset])).map((row) => row.id);
  }

  async rematchOf(gameId: string): Promise<string | null> {
    return (await this.prisma.sql.query<{ id: string }>(REMATCH_OF, [gameId]))[0]?.id ?? null;
  }

  /** Every finished game and its result (as the lobby's read model keeps it). */
  finishedGames(): Promise<Array<{ id: string; result: GameRow['result'] }>> {
    return this.prisma.sql.query(FINISHED_GAMES);
  }

  tablesOpenedBefore(time: Date): Promise<Array<{ gameId: string; openedAt: Date }>> {
    return this.prisma.sql.query(TABLES_OPENED_BEFORE, [time]);
  }

  fullTablesLeftWaitingSince(time: Date): Promise<Array<{ gameId: string; hostId: string }>> {
    return this.prisma.sql.query(FULL_TABLES_LEFT_WAITING, [time]);
  }
}
