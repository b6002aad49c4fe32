import { UnsubscribeLinks } from './unsubscribe-links';

describe('UnsubscribeLinks', () => {
  const links = new UnsubscribeLinks('a-secret-of-enough-length-for-tests', 'https://play.example');
  const query = (url: string) => Object.fromEntries(new URL(url).searchParams);

  it('verifies its own links', () => {
    const url = links.url({ userId: 'u1', scope: 'YOUR_TURN' });
    expect(url.startsWith('https://play.example/unsubscribe?')).toBe(true);
    expect(links.verify(query(url))).toEqual({ userId: 'u1', scope: 'YOUR_TURN' });
  });

  it('refuses a link whose user or scope was changed, or that another secret signed', () => {
    const signed = query(links.url({ userId: 'u1', scope: 'YOUR_TURN' }));
    expect(links.verify({ ...signed, user: 'u2' })).toBeNull();
    expect(links.verify({ ...signed, scope: 'ALL' })).toBeNull();
    expect(links.verify({ ...signed, scope: 'NOT_A_KIND' })).toBeNull();
    expect(links.verify({ user: 'u1', scope: 'YOUR_TURN' })).toBeNull();
    const other = new UnsubscribeLinks('another-secret-of-enough-length!!', 'https://play.example');
    expect(other.verify(signed)).toBeNull();
  });
});
