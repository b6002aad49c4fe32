/**
 * The records module's table `game_rules_checks`: each game's latest check
 * under the rules of today (`npm run games:revalidate`, revalidation.ts),
 * served as `Game.rulesCheck`. A fact of the records module, not of play:
 * it is kept beside the game's row, not on it.
 */
import { Injectable } from '@nestjs/common';
import DataLoader from 'dataloader';
import { PrismaService } from '../database/prisma.service';
import type { Sql } from '../database/sql';

/** What is stored per game. */
export interface RulesCheck {
  ok: boolean;
  /** False for a game stored before its moves were recorded (see Verdict.unverifiable); absent in checks stored before: true. */
  verifiable?: boolean;
  firstBadSeq: number | null;
  /** ISO 8601. */
  checkedAt: string;
  rulesetVersion: number;
}

const STORE = `
INSERT INTO game_rules_checks (game_id, outcome) VALUES ($1::uuid, $2::jsonb)
ON CONFLICT (game_id) DO UPDATE SET outcome = EXCLUDED.outcome`;

const OF_GAMES = `SELECT game_id::text AS "gameId", outcome FROM game_rules_checks WHERE game_id = ANY ($1::uuid[])`;

@Injectable()
export class RulesChecksRepository {
  /** A page listing games with their checks reads them in one statement per tick; nothing is cached past it. */
  private readonly checks = new DataLoader<string, RulesCheck | null>((gameIds) => this.ofGames(gameIds), { cache: false });

  constructor(private readonly prisma: PrismaService) {}

  /** Replaces the game's check, on `sql` (the transaction that mails its host too). */
  async store(sql: Sql, gameId: string, check: RulesCheck): Promise<void> {
    await sql.query(STORE, [gameId, JSON.stringify(check)]);
  }

  /** The game's latest check; null until one ran. */
  latest(gameId: string): Promise<RulesCheck | null> {
    return this.checks.load(gameId);
  }

  private async ofGames(gameIds: readonly string[]): Promise<Array<RulesCheck | null>> {
    const rows = await this.prisma.sql.query<{ gameId: string; outcome: RulesCheck }>(OF_GAMES, [gameIds]);
    const checks = new Map(rows.map((row) => [row.gameId, row.outcome]));
    return gameIds.map((gameId) => checks.get(gameId) ?? null);
  }
}
