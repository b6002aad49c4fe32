import { seededRandom } from './random';

describe('seededRandom', () => {
  it('repeats the same draws for the same seed and differs for another', () => {
    const draw = (seed: string) => Array.from({ length: 20 }, () => seededRandom(seed).int(1000));
    const a = seededRandom('game-1');
    const b = seededRandom('game-1');
    const c = seededRandom('game-2');
    const seqA = Array.from({ length: 50 }, () => a.int(1_000_000));
    expect(Array.from({ length: 50 }, () => b.int(1_000_000))).toEqual(seqA);
    expect(Array.from({ length: 50 }, () => c.int(1_000_000))).not.toEqual(seqA);
    expect(draw('x')).toEqual(draw('x'));
  });

  it('draws every value of a small range roughly uniformly', () => {
    const random = seededRandom('uniform');
    const counts = [0, 0, 0, 0, 0, 0];
    for (let i = 0; i < 60000; i++) counts[random.int(6)]++;
    for (const count of counts) expect(Math.abs(count - 10000)).toBeLessThan(600);
  });

  it('shuffles into a permutation without touching the input', () => {
    const input = [1, 2, 3, 4, 5, 6, 7, 8];
    const shuffled = seededRandom('s').shuffle(input);
    expect(input).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect([...shuffled].sort()).toEqual(input);
  });

  it('refuses impossible draws', () => {
    expect(() => seededRandom('e').int(0)).toThrow(RangeError);
    expect(() => seededRandom('e').pick([])).toThrow(RangeError);
  });
});
