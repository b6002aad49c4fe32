/** A ruleset's options as form fields (creating a game, or a league), and the values chosen. */
import { optionApplies, optionValueWords } from '@shared/rules';
import type { OptionSpec } from '../api/json-fields';
import type { Ruleset } from './use-rulesets';

export type OptionValues = Record<string, boolean | number | string>;

export function defaultOptions(ruleset: Ruleset | undefined): OptionValues {
  return Object.fromEntries((ruleset?.options ?? []).map((spec) => [spec.key, spec.default]));
}

function OptionField({ spec, value, onChange }: { spec: OptionSpec; value: boolean | number | string; onChange: (value: boolean | number | string) => void }) {
  switch (spec.type) {
    case 'boolean':
      return (
        <label className="check">
          <input type="checkbox" name={spec.key} checked={value === true} onChange={(event) => onChange(event.target.checked)} /> {spec.label}
        </label>
      );
    case 'integer':
      return (
        <label>
          {spec.label}
          <input type="number" name={spec.key} min={spec.min} max={spec.max} value={Number(value)} onChange={(event) => onChange(Number(event.target.value))} />
        </label>
      );
    case 'choice':
      return (
        <label>
          {spec.label}
          <select name={spec.key} value={String(value)} onChange={(event) => onChange(event.target.value)}>
            {spec.choices.map((choice) => (
              <option key={choice} value={choice}>
                {optionValueWords(spec, choice)}
              </option>
            ))}
          </select>
        </label>
      );
  }
}

/** The options that are part of the game as chosen so far: a co-op game has no competitive variants, and the reverse. */
function applying(ruleset: Ruleset, values: OptionValues): OptionSpec[] {
  return ruleset.options.filter((spec) => optionApplies(spec, values));
}

export function chosenOptions(ruleset: Ruleset, values: OptionValues): OptionValues {
  return Object.fromEntries(applying(ruleset, values).map((spec) => [spec.key, values[spec.key]]));
}

export function OptionFields({ ruleset, values, onChange }: { ruleset: Ruleset; values: OptionValues; onChange: (values: OptionValues) => void }) {
  return (
    <>
      {applying(ruleset, values).map((spec) => (
        <OptionField key={spec.key} spec={spec} value={values[spec.key]} onChange={(value) => onChange({ ...values, [spec.key]: value })} />
      ))}
    </>
  );
}
