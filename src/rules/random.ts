/**
 * Seeded randomness for rulesets. The server derives one generator per
 * decision from the game's seed and version, so replaying a game with the
 * same seed and moves reproduces every draw. Rulesets must record each
 * outcome in their events: `evolve` never draws.
 */
export interface Random {
  /** A uniform integer in [0, maxExclusive). */
  int(maxExclusive: number): number;
  /** A new array with the items in uniformly random order. */
  shuffle<T>(items: readonly T[]): T[];
  /** One item chosen uniformly. */
  pick<T>(items: readonly T[]): T;
}

/** cyrb128: spreads a string over four 32-bit words to seed sfc32. */
function hashSeed(text: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

/** sfc32: a small, fast generator with good statistical quality. */
function sfc32(seed: [number, number, number, number]): () => number {
  let [a, b, c, d] = seed;
  return () => {
    a |= 0;
    b |= 0;
    c |= 0;
    d |= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
}

export function seededRandom(seed: string): Random {
  const next = sfc32(hashSeed(seed));
  for (let i = 0; i < 12; i++) next(); // let the state mix before the first draw
  const random: Random = {
    int(maxExclusive) {
      if (!Number.isInteger(maxExclusive) || maxExclusive <= 0) {
        throw new RangeError(`int() needs a positive whole bound, got ${maxExclusive}`);
      }
      return Math.floor(next() * maxExclusive);
    },
    shuffle(items) {
      const out = items.slice();
      for (let i = out.length - 1; i > 0; i--) {
        const j = random.int(i + 1);
        [out[i], out[j]] = [out[j], out[i]];
      }
      return out;
    },
    pick(items) {
      if (items.length === 0) throw new RangeError('pick() from an empty list');
      return items[random.int(items.length)];
    },
  };
  return random;
}
