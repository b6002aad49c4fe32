import { capitalized, count, listOf, tally } from './text';

describe('sentence helpers', () => {
  it('lists none, one, two and several items', () => {
    expect(listOf([])).toBe('nothing');
    expect(listOf([], 'no cards')).toBe('no cards');
    expect(listOf(['a'])).toBe('a');
    expect(listOf(['a', 'b'])).toBe('a and b');
    expect(listOf(['a', 'b', 'c'])).toBe('a, b and c');
  });

  it('capitalizes the first letter only', () => {
    expect(capitalized("bob's move deadline")).toBe("Bob's move deadline");
    expect(capitalized('Red 3')).toBe('Red 3');
    expect(capitalized('')).toBe('');
  });

  it('counts with regular and given plurals', () => {
    expect(count(1, 'coin')).toBe('1 coin');
    expect(count(0, 'coin')).toBe('0 coins');
    expect(count(2, 'thief', 'thieves')).toBe('2 thieves');
  });

  it('tallies repeated items in first-seen order', () => {
    expect(tally(['Fakir', 'Elder', 'Fakir'])).toBe('2 Fakirs and 1 Elder');
    expect(tally(['Ivory'], (item) => item)).toBe('1 Ivory');
    expect(tally([])).toBe('nothing');
  });
});
