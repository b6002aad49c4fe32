/** Score sheets for `GameStatus.detail.categories`, from a ruleset's own breakdown of its scores. */
import type { ScoreCategory } from './contract';

/**
 * One line per category of `labels`, in its order, with each seat's points
 * in it (`pointsIn(category)`, index = seat); a category nobody scored in is
 * left out.
 */
export function scoreSheet<K extends string>(labels: Readonly<Record<K, string>>, pointsIn: (category: NoInfer<K>) => number[]): ScoreCategory[] {
  return (Object.keys(labels) as K[])
    .map((category) => ({ label: labels[category], points: pointsIn(category) }))
    .filter((line) => line.points.some((points) => points !== 0));
}

/** `pointsIn` for per-seat breakdowns (index = seat). */
export function fromBreakdowns<K extends string>(breakdowns: readonly Record<K, number>[]): (category: K) => number[] {
  return (category) => breakdowns.map((breakdown) => breakdown[category]);
}
