/**
 * Ratings computed from rated games (src/play/platform/rated-games.ts) with
 * openskill's Weng-Lin model, Plackett-Luce (openskill 5's default), at its
 * default parameters: μ 25, σ 25/3, β 25/6, τ 25/300, no σ limit. Each game
 * is one free-for-all of single-player teams ranked by their places (ties
 * share a place). Pure: the server's projection, `npm run ratings:rebuild`
 * and `npm run ratings -- <records>` all call these, so their numbers are
 * the same to the last bit.
 */
import type * as OpenSkill from 'openskill';
import type { RatedGame } from '../play/platform/rated-games';

/** Below this many rated games a rating is provisional. */
export const PROVISIONAL_UNTIL_GAMES = 10;

/** A player's skill as openskill keeps it, and the games it rests on. */
export interface Skill {
  mu: number;
  sigma: number;
  games: number;
}

/** The ratings of one ruleset, over every rated game (groupId null) or over one group's games only. */
export interface RatingScope {
  ruleset: string;
  groupId: string | null;
}

/** A player's skill after one of their rated games. */
export interface RatingPoint {
  gameId: string;
  at: string;
  mu: number;
  sigma: number;
  rating: number;
}

export interface PlayerRating extends Skill {
  userId: string;
  /** The conservative estimate shown and ranked by: μ − 3σ (openskill's `ordinal`). */
  rating: number;
  /** σ. */
  deviation: number;
  provisional: boolean;
  /** After each of the player's rated games, oldest first. */
  history: RatingPoint[];
}

/**
 * openskill, loaded when a rating is first asked for: it brings in all of ramda (over 500 modules, a tenth of a second),
 * which every start of the server would pay for and most never use.
 */
let loadedOpenskill: typeof OpenSkill | undefined;

function openskill(): typeof OpenSkill {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  loadedOpenskill ??= require('openskill') as typeof OpenSkill;
  return loadedOpenskill;
}

/** A new player's skill. */
function startingSkill(): Skill {
  return { ...openskill().rating(), games: 0 };
}

/** The rating shown for a skill. */
export function shownRating(skill: Pick<Skill, 'mu' | 'sigma'>): number {
  return openskill().ordinal({ mu: skill.mu, sigma: skill.sigma });
}

/** Whether `game` counts in `scope`. */
export function inScope(game: RatedGame, scope: RatingScope): boolean {
  return game.ruleset === scope.ruleset && (scope.groupId === null || game.groupId === scope.groupId);
}

/** The order games are rated in: by the time they ended, then by id. */
export function ratingOrder(a: Pick<RatedGame, 'endedAt' | 'gameId'>, b: Pick<RatedGame, 'endedAt' | 'gameId'>): number {
  return a.endedAt < b.endedAt ? -1 : a.endedAt > b.endedAt ? 1 : a.gameId < b.gameId ? -1 : a.gameId > b.gameId ? 1 : 0;
}

/** The skills of `game`'s players after it, from theirs before (`before`; a player missing from it starts afresh). */
export function rateGame(before: ReadonlyMap<string, Skill>, game: RatedGame): Map<string, Skill> {
  const skills = game.ranking.map(({ userId }) => before.get(userId) ?? startingSkill());
  const rated = openskill().rate(
    skills.map(({ mu, sigma }) => [{ mu, sigma }]),
    { rank: game.ranking.map(({ rank }) => rank) },
  );
  return new Map(game.ranking.map(({ userId }, i) => [userId, { mu: rated[i][0].mu, sigma: rated[i][0].sigma, games: skills[i].games + 1 }]));
}

/** Highest rating first; equal ratings by user id, so that every reader lists them alike. */
export function byRating(a: Pick<PlayerRating, 'rating' | 'userId'>, b: Pick<PlayerRating, 'rating' | 'userId'>): number {
  return b.rating - a.rating || (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0);
}

/** A player's rating from their skill and history. */
export function playerRating(userId: string, skill: Skill, history: RatingPoint[]): PlayerRating {
  return {
    userId,
    ...skill,
    rating: shownRating(skill),
    deviation: skill.sigma,
    provisional: skill.games < PROVISIONAL_UNTIL_GAMES,
    history,
  };
}

/** The ratings of `scope` over `games` (any order, any scope: those of `scope` are taken, in rating order), highest first. */
export function computeRatings(games: readonly RatedGame[], scope: RatingScope): PlayerRating[] {
  const skills = new Map<string, Skill>();
  const histories = new Map<string, RatingPoint[]>();
  for (const game of games.filter((g) => inScope(g, scope)).sort(ratingOrder)) {
    for (const [userId, skill] of rateGame(skills, game)) {
      skills.set(userId, skill);
      const history = histories.get(userId) ?? [];
      history.push({ gameId: game.gameId, at: game.endedAt, mu: skill.mu, sigma: skill.sigma, rating: shownRating(skill) });
      histories.set(userId, history);
    }
  }
  return [...skills].map(([userId, skill]) => playerRating(userId, skill, histories.get(userId)!)).sort(byRating);
}
