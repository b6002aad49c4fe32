/**
 * A stored league read as the pure standings read it: its terms, and each
 * table's result from its game (the game's finish places, those who dropped
 * out before it was created placed last).
 */
import type { LoadedGame } from '../play/loaded-game';
import { finishPlaces, type FinishedResult } from './finish-places';
import type { StoredLeague, StoredMember, StoredTable } from './leagues.repository';
import type { LeagueTerms } from './league-terms';
import { type FixtureResult, type LeagueResults, tablePlaces } from './standings';

export interface StoredLeagueParts {
  league: StoredLeague;
  members: StoredMember[];
  tables: StoredTable[];
  byes: Array<{ round: number; userId: string }>;
}

export function termsOf({ league, members }: Pick<StoredLeagueParts, 'league' | 'members'>): LeagueTerms {
  return {
    format: league.format,
    seatsPerGame: league.seatsPerGame,
    memberIds: members.map((member) => member.userId),
    rounds: league.rounds,
    pointsPerPlace: league.pointsPerPlace,
  };
}

/** The places of a table whose game finished, or null. */
export function tableResult(table: StoredTable, game: LoadedGame | null): number[] | null {
  if (!game || game.row.status !== 'FINISHED') return null;
  const places = finishPlaces((game.row.result ?? {}) as FinishedResult, table.seated.length);
  return tablePlaces(table.players, new Map(table.seated.map((player, seat) => [player, places[seat]])));
}

/** What the standings are computed from; `games` holds each table's game, where it has one. */
export function leagueResults(parts: StoredLeagueParts, games: ReadonlyMap<string, LoadedGame>): LeagueResults {
  const fixtures: FixtureResult[] = parts.tables.map((table) => {
    const game = table.gameId ? (games.get(table.gameId) ?? null) : null;
    return { round: table.round, players: table.players, places: tableResult(table, game), inPlay: game !== null && game.row.status !== 'FINISHED' };
  });
  const paired = parts.league.format === 'SWISS' ? parts.league.currentRound : parts.league.rounds;
  return {
    terms: termsOf(parts),
    fixtures,
    byes: parts.byes.filter((bye) => bye.round <= parts.league.currentRound).map((bye) => ({ round: bye.round, player: bye.userId })),
    roundsPaired: paired,
    droppedOut: parts.members.filter((member) => member.droppedOut).map((member) => member.userId),
  };
}
