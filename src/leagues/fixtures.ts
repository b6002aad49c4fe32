/**
 * A league's fixtures, round by round: who sits at which table, and in
 * which seat. Two-player games are paired by tournament-pairings (Berger
 * tables for a round robin, weighted blossom matching for Swiss); games of
 * more seats by tables.ts. Seats are drawn from the league's own seed
 * (draw-recipe.ts), so anyone given the seed can check every draw.
 */
import { RoundRobin, Swiss } from 'tournament-pairings';
import { drawRandom } from '../randomness/draw-recipe';
import type { Random } from '../rules/random';
import { seatTables, type SeatedRound, type TableHistory } from './tables';

/** One round's games: each table's players in seat order (seat 0 first), and those sitting it out. */
export interface FixtureRound {
  round: number;
  tables: string[][];
  byes: string[];
}

/** The draws of a league for `position`: 0 for its round-robin schedule, a round's number for that round's seats. */
export function leagueDraws(serverSeed: string, leagueId: string, position: number): Random {
  return drawRandom({ serverSeed, clientSeeds: [leagueId] }, position);
}

/** A round robin's rounds: two players, n − 1 rounds (n when odd); more seats, enough for each to meet every other once at best. */
export function roundRobinRounds(players: number, seatsPerGame: number): number {
  if (seatsPerGame === 2) return players % 2 === 0 ? players - 1 : players;
  return Math.ceil((players - 1) / (seatsPerGame - 1));
}

/**
 * The whole schedule of a round robin, its order drawn from `draws`;
 * tables not yet in seat order (drawSeats gives that when a round starts).
 */
export function roundRobinSchedule(memberIds: readonly string[], seatsPerGame: number, draws: Random): SeatedRound[] {
  const order = draws.shuffle(memberIds);
  if (seatsPerGame === 2) return bergerRounds(order);
  const rounds: SeatedRound[] = [];
  for (let i = 0; i < roundRobinRounds(order.length, seatsPerGame); i++) {
    rounds.push(seatTables(order, seatsPerGame, historyOf(rounds), 0));
  }
  return rounds;
}

function bergerRounds(order: readonly string[]): SeatedRound[] {
  const matches = RoundRobin([...order], 1, true);
  const count = Math.max(...matches.map((match) => match.round));
  return Array.from({ length: count }, (_, i) => {
    const tables = matches
      .filter((match) => match.round === i + 1 && match.player1 !== null && match.player2 !== null)
      .map((match) => [String(match.player1), String(match.player2)]);
    return { tables, byes: order.filter((player) => !tables.some((table) => table.includes(player))) };
  });
}

export function historyOf(rounds: readonly SeatedRound[]): TableHistory {
  return { tables: rounds.flatMap((round) => round.tables), byes: rounds.flatMap((round) => round.byes) };
}

/** A Swiss round's standing: the players still in, best first, with their points. */
export interface SwissStanding {
  player: string;
  points: number;
}

/**
 * The next Swiss round's tables: players with equal points meet, nobody
 * meets an earlier opponent (two seats) or sits at an earlier table (more
 * seats) while it can be avoided, and a bye goes to one who had none.
 */
export function swissTables(standing: readonly SwissStanding[], seatsPerGame: number, history: TableHistory): SeatedRound {
  const order = standing.map(({ player }) => player);
  if (seatsPerGame > 2) return seatTables(order, seatsPerGame, history, 1);
  const avoiding = swissPairs(standing, history, true);
  // The library never pairs players told to avoid each other: when that leaves more than one out, they meet again.
  return avoiding.byes.length <= standing.length % 2 ? avoiding : swissPairs(standing, history, false);
}

function swissPairs(standing: readonly SwissStanding[], history: TableHistory, avoidRepeats: boolean): SeatedRound {
  const players = standing.map(({ player, points }) => ({
    id: player,
    score: points,
    avoid: avoidRepeats ? opponentsOf(player, history) : [],
    receivedBye: history.byes.includes(player),
  }));
  const matches = Swiss(players, 1);
  const tables = matches.filter((match) => match.player2 !== null).map((match) => [String(match.player1), String(match.player2)]);
  return { tables, byes: matches.filter((match) => match.player2 === null).map((match) => String(match.player1)) };
}

function opponentsOf(player: string, history: TableHistory): string[] {
  return history.tables.filter((table) => table.includes(player)).flatMap((table) => table.filter((other) => other !== player));
}

/** Each table's seats drawn at random: seat 0 first. */
export function drawSeats(round: SeatedRound, draws: Random): string[][] {
  return round.tables.map((table) => draws.shuffle(table));
}
