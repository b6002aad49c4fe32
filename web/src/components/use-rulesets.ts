/** The hosted games and their options, asked of the API once per page load. */
import { useEffect, useState } from 'react';
import { request } from '../api/client';
import { RULESETS } from '../api/operations';
import type { Ruleset } from '../api/types';

let cached: Promise<Ruleset[]> | null = null;

export function useRulesets(): Ruleset[] {
  const [rulesets, setRulesets] = useState<Ruleset[]>([]);
  useEffect(() => {
    cached ??= request<{ rulesets: Ruleset[] }>(RULESETS).then((data) => data.rulesets);
    cached.then(setRulesets).catch(() => {
      cached = null;
    });
  }, []);
  return rulesets;
}
