/**
 * Whose lobby a change of a game concerns, as far as the games' own tables
 * tell: the players seated in it (their turns, their games, their unread
 * chat), and, for a public game waiting for players or just started,
 * everyone (the open games every lobby lists). Invitations are the
 * invitations module's to tell.
 */
import { Injectable } from '@nestjs/common';
import { PrismaService } from '../database/prisma.service';

export interface GameAudience {
  gameId: string;
  /** The users seated in the game. */
  seated: string[];
  /** A public game that waits for players, or left the open games with its last change (it started). */
  open: boolean;
}

const AUDIENCES = `
SELECT g.id AS "gameId",
       coalesce((SELECT array_agg(s.user_id::text) FROM game_seats s WHERE s.game_id = g.id), '{}') AS seated,
       g.visibility = 'PUBLIC' AND (g.status = 'LOBBY' OR g.started_version = g.version) AS open
FROM games g WHERE g.id = ANY($1::uuid[])`;

@Injectable()
export class LobbyAudience {
  constructor(private readonly prisma: PrismaService) {}

  /** The audience of each of these games (a game that does not exist has none). */
  of(gameIds: string[]): Promise<GameAudience[]> {
    return this.prisma.sql.query<GameAudience>(AUDIENCES, [gameIds]);
  }
}
