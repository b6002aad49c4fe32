import { commitmentTo, drawSeed } from './draw-recipe';

describe('the draw recipe', () => {
  // Pinned with openssl, not with this code: a change here would make every finished game fail its check.
  it('is HMAC-SHA-256 keyed by the server seed over the JSON of [client seeds, position]', () => {
    // printf '[["x","y"],7]' | openssl dgst -sha256 -hmac abc
    expect(drawSeed({ serverSeed: 'abc', clientSeeds: ['x', 'y'] }, 7)).toBe('22abbd3442f38104ff22195d88df8d0af3eaf0ba15f4ee0b01667be063004e22');
  });

  it('commits to a server seed with its SHA-256', () => {
    // printf 'abc' | sha256sum
    expect(commitmentTo('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('gives every position, client seed and server seed draws of their own', () => {
    const seeds = { serverSeed: 'abc', clientSeeds: ['x', 'y'] };
    const all = [drawSeed(seeds, 7), drawSeed(seeds, 8), drawSeed({ ...seeds, clientSeeds: ['x', 'z'] }, 7), drawSeed({ ...seeds, serverSeed: 'abd' }, 7)];
    expect(new Set(all).size).toBe(4);
    // Seeds are kept apart: moving text from one client seed to the next changes the draws.
    expect(drawSeed({ serverSeed: 'abc', clientSeeds: ['xy', ''] }, 7)).not.toBe(drawSeed({ serverSeed: 'abc', clientSeeds: ['x', 'y'] }, 7));
  });
});
