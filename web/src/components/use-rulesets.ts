/** The hosted games and their options, asked of the API once per page load. */
import { useEffect, useState } from 'react';
import { client } from '../api/client';
import { RulesetsDocument, type RulesetsQuery } from '../api/generated';
import { optionSpecsOf, type OptionSpec } from '../api/json-fields';

/** A hosted game as the API describes it, with its option schema read. */
export type Ruleset = Omit<RulesetsQuery['rulesets'][number], 'options'> & { options: OptionSpec[] };

let cached: Promise<Ruleset[]> | null = null;

async function readRulesets(): Promise<Ruleset[]> {
  const { data, error } = await client.query(RulesetsDocument, {});
  if (!data) throw error;
  return data.rulesets.map((ruleset) => ({ ...ruleset, options: optionSpecsOf(ruleset) }));
}

export function useRulesets(): Ruleset[] {
  const [rulesets, setRulesets] = useState<Ruleset[]>([]);
  useEffect(() => {
    cached ??= readRulesets();
    cached.then(setRulesets).catch(() => {
      cached = null;
    });
  }, []);
  return rulesets;
}
