/**
 * A league's standings: a pure function of its terms and its games'
 * results, so that they can be recomputed from the records (see
 * league-standings-cli.ts). Points per finish place (places shared share
 * their points); a Swiss bye scores as a win, a round-robin bye (everyone
 * has one when the count is odd) as nothing. A player who dropped out
 * forfeits the games they had not begun: last place at their table, and
 * a two-player table is won by the other player without a game (unless the
 * league has bots play them: then the bots' places count for them).
 * Tie-break: Sonneborn-Berger in a round robin, Buchholz in Swiss.
 */
import { type LeagueTerms, pointsForPlace } from './league-terms';

/** One table of one round, as the league paired it. */
export interface FixtureResult {
  round: number;
  /** The table's players, in seat order. */
  players: readonly string[];
  /** Each player's finish place (0 first; equal places are shared), once the game ended; null before. */
  places: readonly number[] | null;
  /** Its game is being played: those at it who dropped out meanwhile finish it (or leave it) rather than forfeit. */
  inPlay?: boolean;
}

export interface LeagueResults {
  terms: LeagueTerms;
  /** Every table paired so far (a round robin pairs them all at the start). */
  fixtures: readonly FixtureResult[];
  byes: readonly { round: number; player: string }[];
  /** Rounds paired so far. */
  roundsPaired: number;
  droppedOut: readonly string[];
}

export interface StandingRow {
  user: string;
  points: number;
  /** Sonneborn-Berger (round robin) or Buchholz (Swiss). */
  tieBreak: number;
  played: number;
  left: number;
  droppedOut: boolean;
}

/** A decided table: each player's place and the points it gives them. */
interface Decided {
  players: readonly string[];
  places: readonly number[];
  points: readonly number[];
}

/** The standings, best first: points, then the tie-break, then the order the members were given in. */
export function standings(results: LeagueResults): StandingRow[] {
  const decided = results.fixtures.flatMap((fixture) => decide(fixture, results));
  const totals = new Map(results.terms.memberIds.map((user) => [user, 0]));
  const add = (user: string, points: number) => totals.set(user, (totals.get(user) ?? 0) + points);
  for (const table of decided) table.players.forEach((player, i) => add(player, table.points[i]));
  for (const bye of results.byes) add(bye.player, byePoints(results.terms));
  const rows = results.terms.memberIds.map((user) => row(user, results, decided, totals));
  const given = new Map(results.terms.memberIds.map((user, i) => [user, i]));
  return rows.sort((a, b) => b.points - a.points || b.tieBreak - a.tieBreak || given.get(a.user)! - given.get(b.user)!);
}

function byePoints(terms: LeagueTerms): number {
  return terms.format === 'SWISS' ? terms.pointsPerPlace[0] : 0;
}

function row(user: string, results: LeagueResults, decided: readonly Decided[], totals: ReadonlyMap<string, number>): StandingRow {
  const mine = decided.filter((table) => table.players.includes(user));
  const droppedOut = results.droppedOut.includes(user);
  return {
    user,
    points: totals.get(user) ?? 0,
    tieBreak: tieBreak(user, mine, totals, results.terms.format),
    played: mine.length,
    left: droppedOut && !results.terms.botsPlayDropOuts ? 0 : gamesLeft(user, results, mine.length),
    droppedOut,
  };
}

function gamesLeft(user: string, results: LeagueResults, played: number): number {
  const paired = results.fixtures.filter((fixture) => fixture.players.includes(user)).length;
  const unpaired = results.terms.format === 'SWISS' ? results.terms.rounds - results.roundsPaired : 0;
  return paired - played + unpaired;
}

/** Sonneborn-Berger: each opponent's points times the share of them beaten (½ when level). Buchholz: each opponent's points. */
function tieBreak(user: string, mine: readonly Decided[], totals: ReadonlyMap<string, number>, format: LeagueTerms['format']): number {
  let sum = 0;
  for (const table of mine) {
    const place = table.places[table.players.indexOf(user)];
    table.players.forEach((opponent, i) => {
      if (opponent === user) return;
      const share = format === 'SWISS' ? 1 : beaten(place, table.places[i]);
      sum += share * (totals.get(opponent) ?? 0);
    });
  }
  return sum;
}

function beaten(place: number, opponentPlace: number): number {
  if (place === opponentPlace) return 0.5;
  return place < opponentPlace ? 1 : 0;
}

/** Each player's points from the table, once decided; null before. */
export function tablePoints(fixture: FixtureResult, results: LeagueResults): readonly number[] | null {
  return decide(fixture, results)[0]?.points ?? null;
}

/** The table's outcome once it has one: its game's, or the forfeits of those who dropped out. */
function decide(fixture: FixtureResult, results: LeagueResults): Decided[] {
  const forfeits = !fixture.inPlay && !results.terms.botsPlayDropOuts;
  const places = fixture.places ?? (forfeits ? forfeitPlaces(fixture.players, results.droppedOut) : null);
  if (places === null) return [];
  const pointsPerPlace = results.terms.pointsPerPlace;
  const points = places.map((place) => pointsForPlace(pointsPerPlace, place, places.filter((other) => other === place).length));
  return [{ players: fixture.players, places, points }];
}

/**
 * A table not played because those who dropped out leave one player (or
 * none) to play it: that player first, the others sharing last place. A table
 * with two or more still in is decided by its game.
 */
function forfeitPlaces(players: readonly string[], droppedOut: readonly string[]): number[] | null {
  const staying = players.filter((player) => !droppedOut.includes(player));
  if (staying.length !== 1) return null;
  return players.map((player) => (droppedOut.includes(player) ? 1 : 0));
}

/**
 * The places at a table whose game was played by those still in: their
 * places in the game, and those who dropped out after them all, sharing
 * last place. `gamePlaces` has the place of each player who sat down.
 */
export function tablePlaces(players: readonly string[], gamePlaces: ReadonlyMap<string, number>): number[] {
  const seated = players.filter((player) => gamePlaces.has(player)).length;
  return players.map((player) => gamePlaces.get(player) ?? seated);
}
