/**
 * Moves leagues on, round by round: the first round when the league's start
 * has come, each next one when every game of the round before has ended;
 * the league ends with its last round. Run by the deadline sweep
 * (src/deadlines/), and safe to repeat: a round is claimed by one process
 * (leagues.current_round), and a table whose game is missing after a
 * failure gets it on the next run.
 */
import { Injectable, Logger } from '@nestjs/common';
import { GroupsService } from '../groups/groups.service';
import { GameService } from '../play/game.service';
import type { CreateGameInput } from '../play/game-requests';
import type { LoadedGame } from '../play/loaded-game';
import { takeoverLevel } from '../play/platform/bots';
import { freeSeats, type JoinAccess } from '../play/platform/lobby';
import { unratableAtCreation } from '../play/platform/rated-games';
import { RulesetRegistry } from '../play/ruleset-registry';
import { drawSeats, historyOf, leagueDraws, swissTables } from './fixtures';
import { LeaguesRepository, type PairedRound, type StoredTable } from './leagues.repository';
import { storedResults, type StoredLeagueParts } from './stored-league';
import { standings } from './standings';

/** A seat the league gives in its (private) game: its leave stands for the invite code; whether the player is in the group is the group's to say. */
function seatedByTheLeague(groupMember: boolean): JoinAccess {
  return { invitation: null, inviteCode: 'valid', keptForOthers: [], groupMember };
}

@Injectable()
export class LeagueRounds {
  private readonly logger = new Logger(LeagueRounds.name);

  constructor(
    private readonly repository: LeaguesRepository,
    private readonly play: GameService,
    private readonly rulesets: RulesetRegistry,
    private readonly groups: GroupsService,
  ) {}

  /** Moves on every league whose start has come; returns how many rounds started. */
  async advanceAll(now: Date): Promise<number> {
    let started = 0;
    for (const leagueId of await this.repository.running(now)) started += (await this.tryToAdvance(leagueId, now)) ? 1 : 0;
    return started;
  }

  /** As advance, but a failure (a game the server could not create, say) is logged and left to the next sweep, which tries again. */
  async tryToAdvance(leagueId: string, now: Date): Promise<boolean> {
    try {
      return await this.advance(leagueId, now);
    } catch (error) {
      this.logger.warn(`league ${leagueId} did not move on: ${error instanceof Error ? error.message : error}`);
      return false;
    }
  }

  /** Creates the games the current round still lacks, and starts the next round (or ends the league) once it is over. */
  private async advance(leagueId: string, now: Date): Promise<boolean> {
    const read = await this.parts(leagueId);
    if (!read || read.league.finishedAt || read.league.startsAt > now) return false;
    const parts = await this.dropOutLeavers(read, now);
    const round = parts.league.currentRound;
    const current = parts.tables.filter((table) => table.round === round);
    const games = await this.createMissingGames(parts, current);
    if (round > 0 && !current.every((table) => this.tableOver(parts, table, games))) return false;
    if (round === parts.league.rounds) {
      await this.repository.finish(leagueId, now);
      return false;
    }
    const claimed = await this.repository.startRound(leagueId, round + 1, this.pairing(parts, round + 1, games), forfeiting(parts));
    if (claimed) await this.createMissingGames((await this.parts(leagueId))!, null);
    return claimed;
  }

  /** Loads what the league needs; `gamesOf` fills in its games. */
  async parts(leagueId: string): Promise<StoredLeagueParts | null> {
    const league = await this.repository.league(leagueId);
    if (!league) return null;
    const [members, tables, byes] = await Promise.all([this.repository.members(leagueId), this.repository.tables(leagueId), this.repository.byes(leagueId)]);
    return { league, members, tables, byes };
  }

  /**
   * Players who left the group (or were removed from it) drop out of its
   * league, as if they had left it themselves: a group's game is its members'
   * alone, so their games not yet begun are forfeited, or played by bots.
   */
  private async dropOutLeavers(parts: StoredLeagueParts, now: Date): Promise<StoredLeagueParts> {
    const inGroup = new Set(await this.groups.memberIds(parts.league.groupId));
    const leavers = parts.members.filter((member) => !member.droppedOut && !inGroup.has(member.userId));
    if (leavers.length === 0) return parts;
    for (const { userId } of leavers) await this.repository.dropOut(parts.league.id, userId, now);
    return (await this.parts(parts.league.id))!;
  }

  async gamesOf(tables: readonly StoredTable[]): Promise<Map<string, LoadedGame>> {
    const withGames = tables.filter((table): table is StoredTable & { gameId: string } => table.gameId !== null);
    return new Map(await Promise.all(withGames.map(async (table) => [table.gameId, await this.play.load(table.gameId)] as const)));
  }

  private tableOver(parts: StoredLeagueParts, table: StoredTable, games: ReadonlyMap<string, LoadedGame>): boolean {
    if (table.gameId === null) return !this.playable(parts, table);
    const status = games.get(table.gameId)?.row.status;
    return status === 'FINISHED' || status === 'EXPIRED';
  }

  /** Enough players sat down for a game, one of them still in: otherwise those still in win by forfeit. */
  private playable(parts: StoredLeagueParts, table: StoredTable): boolean {
    const enough = table.seated.length >= Math.max(2, this.rulesets.get(parts.league.ruleset).minSeats);
    return enough && table.seated.some((player) => !droppedOut(parts).includes(player));
  }

  /** A Swiss round's tables, paired now from the standings; null for a round robin, paired at the start. */
  private pairing(parts: StoredLeagueParts, round: number, games: ReadonlyMap<string, LoadedGame>): PairedRound | null {
    const { league } = parts;
    if (league.format !== 'SWISS') return null;
    const dropped = forfeiting(parts);
    const standing = standings(storedResults(parts, games))
      .filter((row) => !dropped.includes(row.user))
      .map((row) => ({ player: row.user, points: row.points }));
    const history = historyOf(roundsOf(parts));
    const paired = swissTables(standing, league.seatsPerGame, history);
    return { tables: drawSeats(paired, leagueDraws(league.serverSeed, league.id, round)), byes: paired.byes };
  }

  /** Creates the games of the round's tables that lack one (`tables`: the current round's; null: read them again). */
  private async createMissingGames(parts: StoredLeagueParts, tables: StoredTable[] | null): Promise<Map<string, LoadedGame>> {
    const current = tables ?? parts.tables.filter((table) => table.round === parts.league.currentRound);
    for (const table of current) {
      if (table.gameId === null && this.playable(parts, table)) table.gameId = await this.createGame(parts, table);
    }
    const games = await this.gamesOf(current);
    for (const table of current) {
      const game = table.gameId ? games.get(table.gameId) : undefined;
      if (game?.row.status === 'LOBBY') games.set(game.row.id, await this.seatPlayers(table, game));
    }
    return games;
  }

  /** Seats the table's players where they are not seated yet (all but the host, unless a run failed half-way). */
  private async seatPlayers(table: StoredTable, game: LoadedGame): Promise<LoadedGame> {
    let seated = game;
    for (const [seat, player] of table.seated.entries()) {
      if (freeSeats(seated.state).includes(seat)) {
        const access = seatedByTheLeague(await this.groups.isMember(game.state.groupId, player));
        seated = await this.play.joinGame(player, game.row.id, { seat, access });
      }
    }
    return seated;
  }

  private async createGame(parts: StoredLeagueParts, table: StoredTable): Promise<string> {
    const { league } = parts;
    const level = takeoverLevel(this.rulesets.get(league.ruleset));
    const bots = table.seated.flatMap((player, seat) => (droppedOut(parts).includes(player) ? [{ seat, level }] : []));
    const hostSeat = table.seated.findIndex((_, seat) => !bots.some((bot) => bot.seat === seat));
    const input: CreateGameInput = {
      ruleset: league.ruleset,
      seats: table.seated.length,
      options: league.options ?? undefined,
      moveDeadline: (league.moveDeadline ?? undefined) as CreateGameInput['moveDeadline'],
      name: `League game: round ${table.round}, table ${table.table + 1}`,
      visibility: 'PRIVATE',
      autoStart: true,
      groupId: league.groupId,
      bots,
      // A game the platform never rates (one with a bot) is created unrated: asking for a rating would be refused. League games bring no seed.
      rated: league.rated && unratableAtCreation({ bots, fixedSeed: false }) === null,
    };
    const host = table.seated[hostSeat];
    const game = await this.play.createGame(host, input, { hostSeat, hostInGroup: await this.groups.isMember(league.groupId, host) });
    await this.repository.setGame(league.id, table.round, table.table, game.row.id);
    return game.row.id;
  }
}

function droppedOut(parts: StoredLeagueParts): string[] {
  return parts.members.filter((member) => member.droppedOut).map((member) => member.userId);
}

/** Those who dropped out and forfeit what is left to them: none where bots play for them (they keep their seats, a bot in each). */
function forfeiting(parts: StoredLeagueParts): string[] {
  return parts.league.botsPlayDropOuts ? [] : droppedOut(parts);
}

/** The rounds played so far, as the pairing reads them. */
function roundsOf(parts: StoredLeagueParts): PairedRound[] {
  const rounds = Array.from({ length: parts.league.currentRound }, (_, i) => i + 1);
  return rounds.map((round) => ({
    tables: parts.tables.filter((table) => table.round === round).map((table) => table.players),
    byes: parts.byes.filter((bye) => bye.round === round).map((bye) => bye.userId),
  }));
}
