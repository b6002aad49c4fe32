/**
 * The server's own sweeps over games (asked by the deadline sweep,
 * src/deadlines): proposals left unanswered lapse, tables nobody started
 * close, full tables a crash left waiting start. Each is a platform command
 * through the command pipeline, as a player's is.
 */
import { Injectable } from '@nestjs/common';
import { AppError } from '../common/errors';
import { CommandPipeline, PreparedCommand } from './command-pipeline';
import { GameEventsRepository } from './game-events.repository';
import { PROPOSAL_EVENT_TYPES } from './game-life';
import { GamesRepository } from './games.repository';
import type { PlatformCommand } from './platform/commands';
import { TABLE_OPEN_MS } from './platform/lobby';

/** Proposals that expired longer ago than this are not looked at again (they ended otherwise). */
const LAPSE_LOOKBACK_MS = 7 * 24 * 60 * 60 * 1000;
/** Why the sweep leaves a proposal's game alone: it ended, lapsed elsewhere, moved meanwhile, or cannot be written. */
const NOT_LAPSING = ['GAME_NOT_ACTIVE', 'NOTHING_PENDING', 'VERSION_CONFLICT', 'INTEGRITY_FAILURE'];
/** How long a full table that should have started by itself is left to its own start before the sweep starts it. */
const FULL_TABLE_GRACE_MS = 60_000;

@Injectable()
export class ServerSweeps {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly rows: GamesRepository,
    private readonly events: GameEventsRepository,
  ) {}

  /**
   * Records the lapse of every takeback request and proposal to end that
   * expired unanswered (asked by the deadline sweep). Looks only at
   * proposals that expired within the last week, so that those ended
   * otherwise are not read again for ever; returns how many lapsed.
   */
  async lapseExpiredProposals(now: Date): Promise<number> {
    const games = await this.events.withExpiredProposals(PROPOSAL_EVENT_TYPES, now, new Date(now.getTime() - LAPSE_LOOKBACK_MS));
    // Answered, moved or lapsed meanwhile, or not to be written: the next sweep looks again.
    return this.serverCommands(
      games.map((gameId) => ({ gameId, command: { type: 'lapse' } })),
      NOT_LAPSING,
    );
  }

  /** Closes every table nobody started within its days open (TABLE_OPEN_DAYS) (asked by the deadline sweep); returns how many. */
  async expireStaleTables(now: Date): Promise<number> {
    const tables = await this.rows.tablesOpenedBefore(new Date(now.getTime() - TABLE_OPEN_MS));
    // Started meanwhile: nothing to close.
    return this.serverCommands(
      tables.map(({ gameId, openedAt }) => ({ gameId, command: { type: 'expire', openedAt: openedAt.toISOString() } })),
      ['GAME_NOT_ACTIVE'],
    );
  }

  /**
   * Starts every table whose host let it start by itself, full, and left
   * waiting for a minute (asked by the deadline sweep): only a crash between
   * a creation seated by bots and its start (createGame) leaves one. The
   * start is the host's, by the leave they gave at the creation, as ever.
   */
  async startFullTables(now: Date): Promise<number> {
    const tables = await this.rows.fullTablesLeftWaitingSince(new Date(now.getTime() - FULL_TABLE_GRACE_MS));
    // Started meanwhile, or a seat given up since: nothing to start.
    return this.serverCommands(
      tables.map(({ gameId, hostId }) => ({ gameId, actor: hostId, command: { type: 'start' } })),
      ['GAME_NOT_ACTIVE', 'BAD_USER_INPUT'],
    );
  }

  /**
   * The server's own commands (made as the server, or as the player whose leave it acts on), one game after another;
   * a refusal with one of `overtaken`'s codes is a game that moved on, passed over. Returns how many were written.
   */
  private async serverCommands(commands: Array<{ gameId: string; command: PlatformCommand; actor?: string }>, overtaken: readonly string[]): Promise<number> {
    let written = 0;
    for (const { gameId, command, actor = null } of commands) {
      try {
        await this.pipeline.run({ gameId, actor, prepare: (): PreparedCommand => ({ command }) });
        written++;
      } catch (error) {
        if (!(error instanceof AppError && overtaken.includes(error.code))) throw error;
      }
    }
    return written;
  }
}
