import { routeFor, withDefaults } from './preferences';

describe('routeFor', () => {
  const immediate = withDefaults(null);

  it('sends a kind the user never chose for', () => {
    expect(withDefaults({ ROLLBACK: 'OFF' }).YOUR_TURN).toBe('IMMEDIATE');
    expect(routeFor('YOUR_TURN', immediate, false)).toBe('SEND');
  });

  it('skips a kind turned off, even on vacation', () => {
    expect(routeFor('YOUR_TURN', withDefaults({ YOUR_TURN: 'OFF' }), true)).toBe('SKIP');
  });

  it('holds a kind wanted as a digest, and any mail while on vacation', () => {
    expect(routeFor('INVITATION', withDefaults({ INVITATION: 'DIGEST' }), false)).toBe('HOLD');
    expect(routeFor('GAME_FINISHED', immediate, true)).toBe('HOLD');
  });

  it('always sends the digest itself', () => {
    expect(routeFor('DIGEST', withDefaults({ YOUR_TURN: 'OFF' }), true)).toBe('SEND');
  });
});
