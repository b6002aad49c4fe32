import { checkNewPassword } from './password-policy';

describe('checkNewPassword', () => {
  it('accepts a long, unusual password', () => {
    expect(() => checkNewPassword('a-quiet-harbour-at-seven')).not.toThrow();
  });

  it.each(['password123', 'qwertyuiop', '1234567890', 'iloveyou12'])('refuses the common password %s, saying why', (password) => {
    expect(() => checkNewPassword(password)).toThrow(
      expect.objectContaining({ code: 'BAD_USER_INPUT', message: expect.stringMatching(/commonly used|frequently used|easy to guess|common|pattern|guess/i) }),
    );
  });

  it("refuses the player's own name or address as a password", () => {
    expect(() => checkNewPassword('annabelle.smith', ['annabelle.smith@example.org', 'annabelle.smith'])).toThrow(
      expect.objectContaining({ code: 'BAD_USER_INPUT' }),
    );
  });

  it('refuses passwords shorter than 10 or longer than 200 characters', () => {
    expect(() => checkNewPassword('Xq7#pL2!z')).toThrow('10 to 200 characters');
    expect(() => checkNewPassword('x'.repeat(201))).toThrow('10 to 200 characters');
  });
});
