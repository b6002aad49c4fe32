/** What `npm run games:revalidate` stores per game (`games.rules_check`). */
export interface RulesCheck {
  ok: boolean;
  firstBadSeq: number | null;
  /** ISO 8601. */
  checkedAt: string;
  rulesetVersion: number;
}
