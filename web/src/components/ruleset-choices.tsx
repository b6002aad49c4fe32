/** The hosted games as the options of a select, by name. */
import type { Ruleset } from './use-rulesets';

export function RulesetChoices({ rulesets }: { rulesets: Ruleset[] }) {
  return (
    <>
      {rulesets.map((ruleset) => (
        <option key={ruleset.id} value={ruleset.id}>
          {ruleset.name}
        </option>
      ))}
    </>
  );
}
