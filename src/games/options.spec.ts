/** A game's options as createGame resolves them: defaults applied, and options that belong to another mode refused. */
import { AppError } from '../common/errors';
import { optionValueWords } from '../rules/option-words';
import { mobTown } from './mob-town';
import { resolveOptions } from './registry';

function refusal(given: Record<string, unknown>): { code: string; message: string } | null {
  try {
    resolveOptions(mobTown, given);
    return null;
  } catch (error) {
    return error instanceof AppError ? { code: error.code, message: error.message } : null;
  }
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
    expect(resolveOptions(mobTown, { mode: 'coop', coopStartingCity: 'hardest', bigMoney: true, professionals: false })).toMatchObject({
      mode: 'coop',
      coopStartingCity: 'hardest',
      bigMoney: true,
      professionals: false,
    });
    expect(resolveOptions(mobTown, { professionals: true, landmarks: true })).toMatchObject({
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
