/**
 * What a league is made of, as the pure parts of src/leagues/ read it: the
 * format, how many sit at a game, how many rounds, and how finish places
 * turn into points. Pure (no NestJS, Prisma or I/O), so that anyone holding a
 * league's definition and its games' records can recompute its standings.
 */

export const LEAGUE_FORMATS = ['ROUND_ROBIN', 'SWISS'] as const;
export type LeagueFormat = (typeof LEAGUE_FORMATS)[number];

/** A Swiss league's rounds: at least one, at most this many. */
export const MAX_SWISS_ROUNDS = 30;

/** What decides a league's fixtures and standings. */
export interface LeagueTerms {
  format: LeagueFormat;
  seatsPerGame: number;
  /** Every member taking part, in the order they were given. */
  memberIds: readonly string[];
  /** The number of rounds (for a round robin, what its schedule needs). */
  rounds: number;
  /** Points for each finish place, first place first (as many as seatsPerGame). */
  pointsPerPlace: readonly number[];
  /** Bots play the games of those who dropped out, which count for them; otherwise they forfeit them. */
  botsPlayDropOuts?: boolean;
}

/**
 * Points per finish place when the league sets none: one for every player
 * finished ahead of. Two players: a win 1, a loss 0, a draw ½ (places
 * shared share their points).
 */
export function defaultPointsPerPlace(seatsPerGame: number): number[] {
  return Array.from({ length: seatsPerGame }, (_, place) => seatsPerGame - 1 - place);
}

/** The points of a finish place that `sharing` players share (1 when alone): the mean of the places they take up. */
export function pointsForPlace(pointsPerPlace: readonly number[], place: number, sharing: number): number {
  const taken = pointsPerPlace.slice(place, place + sharing);
  return taken.reduce((sum, points) => sum + points, 0) / sharing;
}

/** Why a league cannot be made as asked, as a stable reason and the words a person reads. */
export interface LeagueProblem {
  reason: 'BAD_FORMAT' | 'BAD_SEATS_PER_GAME' | 'BAD_ROUNDS' | 'BAD_MEMBERS' | 'BAD_POINTS';
  message: string;
}

export interface LeagueRequest {
  format: string;
  seatsPerGame: number;
  /** Asked for a Swiss league; a round robin works out its own. */
  rounds: number | null;
  memberIds: readonly string[];
  pointsPerPlace: readonly number[] | null;
  /** The seats the ruleset allows at a game. */
  minSeats: number;
  maxSeats: number;
}

/** What is wrong with a league asked for, or null. */
export function leagueProblem(request: LeagueRequest): LeagueProblem | null {
  return formatProblem(request) ?? seatsProblem(request) ?? roundsProblem(request) ?? membersProblem(request) ?? pointsProblem(request);
}

function formatProblem({ format }: LeagueRequest): LeagueProblem | null {
  if ((LEAGUE_FORMATS as readonly string[]).includes(format)) return null;
  return { reason: 'BAD_FORMAT', message: `A league is played as a round robin (ROUND_ROBIN) or in Swiss rounds (SWISS), not ${JSON.stringify(format)}.` };
}

function seatsProblem({ seatsPerGame, minSeats, maxSeats }: LeagueRequest): LeagueProblem | null {
  const lowest = Math.max(2, minSeats);
  if (Number.isInteger(seatsPerGame) && seatsPerGame >= lowest && seatsPerGame <= maxSeats) return null;
  return { reason: 'BAD_SEATS_PER_GAME', message: `This game seats ${lowest} to ${maxSeats} players at a table, not ${seatsPerGame}.` };
}

function roundsProblem({ format, rounds }: LeagueRequest): LeagueProblem | null {
  if (format === 'ROUND_ROBIN') {
    return rounds === null ? null : { reason: 'BAD_ROUNDS', message: 'A round robin works out its own rounds: leave rounds out.' };
  }
  if (rounds !== null && Number.isInteger(rounds) && rounds >= 1 && rounds <= MAX_SWISS_ROUNDS) return null;
  return { reason: 'BAD_ROUNDS', message: `A Swiss league needs 1 to ${MAX_SWISS_ROUNDS} rounds.` };
}

function membersProblem({ memberIds, seatsPerGame }: LeagueRequest): LeagueProblem | null {
  if (new Set(memberIds).size !== memberIds.length) return { reason: 'BAD_MEMBERS', message: 'Each player takes part once.' };
  if (memberIds.length >= seatsPerGame) return null;
  return { reason: 'BAD_MEMBERS', message: `A league of ${seatsPerGame}-player games needs at least ${seatsPerGame} players.` };
}

function pointsProblem({ pointsPerPlace, seatsPerGame }: LeagueRequest): LeagueProblem | null {
  if (pointsPerPlace === null) return null;
  const fits =
    pointsPerPlace.length === seatsPerGame &&
    pointsPerPlace.every((points, place) => Number.isFinite(points) && points >= 0 && (place === 0 || points <= pointsPerPlace[place - 1]));
  if (fits) return null;
  return { reason: 'BAD_POINTS', message: `Points per place: ${seatsPerGame} numbers, none below zero, none above the place before it.` };
}
