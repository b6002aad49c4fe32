/**
 * A league as its standings are computed from it: its definition (terms,
 * tables, byes, who dropped out; what `League.definition` gives) and each
 * table's result from its game (the game's finish places, those who dropped
 * out before it was created placed last). Pure: the server reads the games
 * it stores, `npm run league-standings` the games' records, and both get the
 * same standings.
 */
import { type FinishedResult, seatPlaces } from '../play/platform/finish-places';
import type { LeagueFormat, LeagueTerms } from './league-terms';
import { type FixtureResult, type LeagueResults, tablePlaces } from './standings';

export interface LeagueTableDefinition {
  round: number;
  table: number;
  /** In seat order. */
  players: string[];
  /** Who sat down in its game, by seat; empty before its round starts. */
  seated: string[];
  gameId: string | null;
}

export interface LeagueDefinition {
  id: string;
  format: LeagueFormat;
  seatsPerGame: number;
  rounds: number;
  pointsPerPlace: number[];
  botsPlayDropOuts: boolean;
  /** The round being played; 0 before the first. */
  currentRound: number;
  /** In the order given at the creation. */
  members: Array<{ userId: string; droppedOut: boolean }>;
  tables: LeagueTableDefinition[];
  byes: Array<{ round: number; userId: string }>;
}

/** What a league needs to know of one of its games: whether it ended, and how. */
export interface GameOutcome {
  ended: boolean;
  result: FinishedResult | null;
}

export function termsOf(definition: LeagueDefinition): LeagueTerms {
  return {
    format: definition.format,
    seatsPerGame: definition.seatsPerGame,
    memberIds: definition.members.map((member) => member.userId),
    rounds: definition.rounds,
    pointsPerPlace: definition.pointsPerPlace,
    botsPlayDropOuts: definition.botsPlayDropOuts,
  };
}

/** The places of a table whose game ended, or null. */
function tableResult(table: LeagueTableDefinition, outcome: GameOutcome | undefined): number[] | null {
  if (!outcome?.ended) return null;
  const places = seatPlaces(outcome.result ?? {}, table.seated.length);
  // A league counts places from 0 (standings.ts).
  return tablePlaces(table.players, new Map(table.seated.map((player, seat) => [player, places[seat] - 1])));
}

/** What the standings are computed from; `outcomeOf` tells of each table's game. */
export function leagueResults(definition: LeagueDefinition, outcomeOf: (gameId: string) => GameOutcome | undefined): LeagueResults {
  const fixtures: FixtureResult[] = definition.tables.map((table) => {
    const outcome = table.gameId ? outcomeOf(table.gameId) : undefined;
    return { round: table.round, players: table.players, places: tableResult(table, outcome), inPlay: outcome !== undefined && !outcome.ended };
  });
  return {
    terms: termsOf(definition),
    fixtures,
    byes: definition.byes.filter((bye) => bye.round <= definition.currentRound).map((bye) => ({ round: bye.round, player: bye.userId })),
    roundsPaired: definition.format === 'SWISS' ? definition.currentRound : definition.rounds,
    droppedOut: definition.members.filter((member) => member.droppedOut).map((member) => member.userId),
  };
}
