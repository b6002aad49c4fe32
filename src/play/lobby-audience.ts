/**
 * Whose lobby a change of a game concerns, as far as the games' own tables
 * tell: the players seated in it (their turns, their games, their unread
 * chat), and, for a game open to anyone that waits for players or just
 * started, everyone (the open games every lobby lists). Invitations are the
 * invitations module's to tell.
 */
import { Injectable } from '@nestjs/common';
import { PrismaService } from '../database/prisma.service';
import { type GameVisibility, openToAnyone } from './platform/lobby';

export interface GameAudience {
  gameId: string;
  /** The users seated in the game. */
  seated: string[];
  /** Open to anyone (`openToAnyone`), and waiting for players or left the open games with its last change (it started). */
  open: boolean;
}

interface AudienceRow {
  gameId: string;
  seated: string[];
  visibility: GameVisibility;
  groupId: string | null;
  /** Waiting for players, or started with its last change. */
  waitingOrJustStarted: boolean;
}

const AUDIENCES = `
SELECT g.id AS "gameId",
       coalesce((SELECT array_agg(s.user_id::text) FROM game_seats s WHERE s.game_id = g.id), '{}') AS seated,
       g.visibility, g.group_id::text AS "groupId",
       (g.status = 'LOBBY' OR g.started_version = g.version) AS "waitingOrJustStarted"
FROM games g WHERE g.id = ANY($1::uuid[])`;

@Injectable()
export class LobbyAudience {
  constructor(private readonly prisma: PrismaService) {}

  /** The audience of each of these games (a game that does not exist has none). */
  async of(gameIds: string[]): Promise<GameAudience[]> {
    const rows = await this.prisma.sql.query<AudienceRow>(AUDIENCES, [gameIds]);
    return rows.map(({ gameId, seated, waitingOrJustStarted, ...game }) => ({ gameId, seated, open: waitingOrJustStarted && openToAnyone(game) }));
  }
}
