/** A game's options as createGame resolves them: defaults applied, and options that belong to another mode refused. */
import { RULESETS_HOSTED } from '../../games';
import { mobTown } from '../../games/mob-town';
import { optionSets } from '../../games/test-support/option-sets';
import { optionValueWords } from '../../rules/option-words';
import { resolvedOptions, validOptions } from './options';

function refusal(given: Record<string, unknown>): { code: string; message: string } | null {
  const resolved = resolvedOptions(mobTown, given);
  return resolved.ok ? null : { code: resolved.code, message: resolved.message };
}

describe('options that belong to one mode of a game', () => {
  it('refuses a competitive variant in a co-op game, and a co-op setting in a competitive one, saying why', () => {
    expect(refusal({ mode: 'coop', professionals: true })).toEqual({
      code: 'BAD_USER_INPUT',
      message: '"Professionals" is only for games whose "Mode" is Competitive.',
    });
    expect(refusal({ coopStartingCity: 'hardest' })).toEqual({
      code: 'BAD_USER_INPUT',
      message: '"Starting city" is only for games whose "Mode" is Co-op: "Upholding the Law".',
    });
    expect(refusal({ mode: 'competitive', coopNoMasterCrimes: true })?.code).toBe('BAD_USER_INPUT');
  });

  it("takes each mode with its own options, and the other mode's left at their defaults", () => {
    expect(validOptions(mobTown, { mode: 'coop', coopStartingCity: 'hardest', bigMoney: true, professionals: false })).toMatchObject({
      mode: 'coop',
      coopStartingCity: 'hardest',
      bigMoney: true,
      professionals: false,
    });
    expect(validOptions(mobTown, { professionals: true, landmarks: true })).toMatchObject({
      mode: 'competitive',
      professionals: true,
      coopStartingCity: 'standard',
    });
  });

  it('words each choice for a person', () => {
    const [mode] = mobTown.options;
    expect(mode.type === 'choice' && mode.choices.map((choice) => optionValueWords(mode, choice))).toEqual(['Competitive', 'Co-op: "Upholding the Law"']);
    const city = mobTown.options.find((spec) => spec.key === 'coopStartingCity')!;
    expect(optionValueWords(city, 'hardest')).toBe('Hardest: 10 cards');
  });
});

describe('the option sets the cross-game specs play', () => {
  it.each(RULESETS_HOSTED.map((ruleset) => [ruleset.id, ruleset] as const))('are games %s can be created with, as they are', (_id, ruleset) => {
    for (const { options } of optionSets(ruleset)) expect(resolvedOptions(ruleset, options)).toEqual({ ok: true, options });
  });
});
