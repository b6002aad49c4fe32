import { cleanDisplayName, cleanText } from './text';

describe('cleanText', () => {
  it('trims and normalises what it accepts', () => {
    expect(cleanDisplayName('  Ann  ')).toBe('Ann');
    expect(cleanDisplayName('Zoe\u0301')).toBe('Zoé');
    expect(cleanDisplayName('李小龍')).toBe('李小龍');
  });

  it.each([
    ['a line break', 'Ann\nBob'],
    ['a tab', 'Ann\tBob'],
    ['a right-to-left override', 'Ann\u202eboB'],
    ['a bidirectional isolate', '\u2067Ann'],
    ['a zero-width space', 'An\u200bn'],
    ['a zero-width joiner', 'An\u200dn'],
    ['a byte-order mark', '\ufeffAnn'],
    ['nothing but spaces', '   '],
    ['41 characters', 'x'.repeat(41)],
  ])('refuses a name with %s', (_what, name) => {
    expect(() => cleanDisplayName(name)).toThrow(expect.objectContaining({ code: 'BAD_USER_INPUT' }));
  });

  it('says what it refused, in words', () => {
    expect(() => cleanText('why\r\nnot', 'A reason', [1, 500])).toThrow('A reason may not contain line breaks');
  });
});
