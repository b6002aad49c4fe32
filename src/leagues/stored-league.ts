/** A league as the server stores it, read as the pure league-results.ts reads a league. */
import type { LoadedGame } from '../play/loaded-game';
import type { FinishedResult } from '../play/platform/finish-places';
import { type LeagueDefinition, leagueResults } from './league-results';
import type { StoredLeague, StoredMember, StoredTable } from './leagues.repository';
import type { LeagueResults } from './standings';

export interface StoredLeagueParts {
  league: StoredLeague;
  members: StoredMember[];
  tables: StoredTable[];
  byes: Array<{ round: number; userId: string }>;
}

export function definitionOf({ league, members, tables, byes }: StoredLeagueParts): LeagueDefinition {
  return {
    id: league.id,
    format: league.format,
    seatsPerGame: league.seatsPerGame,
    rounds: league.rounds,
    pointsPerPlace: league.pointsPerPlace,
    botsPlayDropOuts: league.botsPlayDropOuts,
    currentRound: league.currentRound,
    members,
    tables,
    byes,
  };
}

/** The results of the league's tables from the games the server holds (`games`: each table's game, where it has one). */
export function storedResults(parts: StoredLeagueParts, games: ReadonlyMap<string, LoadedGame>): LeagueResults {
  return leagueResults(definitionOf(parts), (gameId) => {
    const game = games.get(gameId);
    return game && { ended: game.row.status === 'FINISHED', result: game.row.result as FinishedResult | null };
  });
}
