/**
 * Ratings from exported game records, with no database (`npm run ratings --
 * <record.json…>`): each record is verified first (src/records/verify-record.ts),
 * then the rule the server applies (src/play/platform/rated-games.ts) says
 * whether and how it counts, and the same computation rates them. So a
 * group's table can be checked by anyone holding its games' records.
 */
import type { GameRecord } from '../records/game-record';
import { type RulesetLookup, verdictText, verifyRecord } from '../records/verify-record';
import { type RatedGame, type RatingVerdict, ratingVerdict } from '../play/platform/rated-games';
import { computeRatings, type PlayerRating } from './rating-computation';

/** Why a record cannot be rated at all: it is no finished game's whole record, or it does not verify. */
export class UnusableRecord extends Error {}

/** Whether and how a record's game counts; throws UnusableRecord for a record that is not a finished game's whole record, or does not verify. */
export function recordVerdict(record: GameRecord, rulesetFor: RulesetLookup): RatingVerdict {
  if (record.game?.status !== 'FINISHED' || record.madeFor !== null || !record.result) {
    throw new UnusableRecord("it is not a finished game's whole record");
  }
  const verdict = verifyRecord(record, rulesetFor);
  // A game stored before the moves were recorded cannot be decided again, but nothing was found wrong: it counts, as on the server.
  if (!verdict.ok && !verdict.unverifiable) throw new UnusableRecord(verdictText(verdict));
  return ratingVerdict(record.game.id, record.events, record.result);
}

export interface RulesetTable {
  ruleset: string;
  ratings: Array<Pick<PlayerRating, 'userId' | 'rating' | 'deviation' | 'games' | 'provisional'>>;
}

/** The tables of every ruleset among `games` (over one group's games only, with `groupId`), rulesets by id. */
export function ratingTables(games: readonly RatedGame[], groupId: string | null): RulesetTable[] {
  const rulesets = [...new Set(games.map((game) => game.ruleset))].sort();
  return rulesets.map((ruleset) => ({
    ruleset,
    ratings: computeRatings(games, { ruleset, groupId }).map(({ userId, rating, deviation, games: played, provisional }) => ({
      userId,
      rating,
      deviation,
      games: played,
      provisional,
    })),
  }));
}
