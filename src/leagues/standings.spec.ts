import { defaultPointsPerPlace, type LeagueTerms } from './league-terms';
import { type FixtureResult, standings, tablePlaces } from './standings';

const [A, B, C, D] = ['ann', 'bob', 'cat', 'dan'];
const WIN: [number, number] = [0, 1];
const DRAW: [number, number] = [0, 0];

function terms(format: LeagueTerms['format'], memberIds: string[], rounds: number, seatsPerGame = 2): LeagueTerms {
  return { format, seatsPerGame, memberIds, rounds, pointsPerPlace: defaultPointsPerPlace(seatsPerGame) };
}

/** A two-player game: `places` of [first, second]. */
const game = (round: number, first: string, second: string, places: readonly number[] | null): FixtureResult => ({ round, players: [first, second], places });
const rowsOf = (table: ReturnType<typeof standings>) => table.map(({ user, points, tieBreak, played, left }) => [user, points, tieBreak, played, left]);

describe('round-robin standings', () => {
  const roundRobin = terms('ROUND_ROBIN', [A, B, C, D], 3);

  it('given every game played, rank by points, then Sonneborn-Berger (as worked out by hand)', () => {
    // ann beats bob, bob beats cat, cat beats ann, ann and bob beat dan, cat and dan draw.
    const fixtures = [game(1, A, B, WIN), game(1, C, D, DRAW), game(2, B, C, WIN), game(2, A, D, WIN), game(3, C, A, WIN), game(3, B, D, WIN)];
    const table = standings({ terms: roundRobin, fixtures, byes: [], roundsPaired: 3, droppedOut: [] });
    // Points: ann 2, bob 2, cat 1.5, dan 0.5. SB: ann = bob 2 + dan 0.5; bob = cat 1.5 + dan 0.5; cat = ann 2 + ½ dan; dan = ½ cat.
    expect(rowsOf(table)).toEqual([
      [A, 2, 2.5, 3, 0],
      [B, 2, 2, 3, 0],
      [C, 1.5, 2.25, 3, 0],
      [D, 0.5, 0.75, 3, 0],
    ]);
  });

  it('given games still to play, count them as left and score nothing for them', () => {
    const fixtures = [game(1, A, B, WIN), game(1, C, D, null)];
    const table = standings({ terms: roundRobin, fixtures, byes: [], roundsPaired: 3, droppedOut: [] });
    expect(rowsOf(table)).toEqual([
      [A, 1, 0, 1, 0],
      [B, 0, 0, 1, 0],
      [C, 0, 0, 0, 1],
      [D, 0, 0, 0, 1],
    ]);
  });

  it('given a player who dropped out, forfeit their games not played: the opponent wins, nothing is left for them', () => {
    const fixtures = [game(1, A, B, WIN), game(2, B, D, null), game(3, D, C, null)];
    const table = standings({ terms: roundRobin, fixtures, byes: [], roundsPaired: 3, droppedOut: [D] });
    expect(table.find((row) => row.user === D)).toEqual({ user: D, points: 0, tieBreak: 0, played: 2, left: 0, droppedOut: true });
    expect(table.find((row) => row.user === B)).toMatchObject({ points: 1, played: 2 });
    expect(table.find((row) => row.user === C)).toMatchObject({ points: 1, played: 1 });
  });

  it('given a bye, score nothing for it', () => {
    const table = standings({
      terms: terms('ROUND_ROBIN', [A, B, C], 3),
      fixtures: [game(1, A, B, WIN)],
      byes: [{ round: 1, player: C }],
      roundsPaired: 3,
      droppedOut: [],
    });
    expect(table.find((row) => row.user === C)?.points).toBe(0);
  });
});

describe('Swiss standings', () => {
  it('given a bye, score it as a win, and break ties by Buchholz: the sum of the opponents’ points', () => {
    const swiss = terms('SWISS', [A, B, C], 3);
    const table = standings({ terms: swiss, fixtures: [game(1, A, B, WIN)], byes: [{ round: 1, player: C }], roundsPaired: 1, droppedOut: [] });
    expect(rowsOf(table)).toEqual([
      [A, 1, 0, 1, 2],
      [C, 1, 0, 0, 2],
      [B, 0, 1, 1, 2],
    ]);
  });
});

describe('games of three or more', () => {
  it('given set points per place, share the points of shared places', () => {
    const threeSeats = { ...terms('SWISS', [A, B, C], 1, 3), pointsPerPlace: [3, 1, 0] };
    const fixtures = [{ round: 1, players: [A, B, C], places: [0, 1, 1] }];
    const table = standings({ terms: threeSeats, fixtures, byes: [], roundsPaired: 1, droppedOut: [] });
    expect(table.map(({ user, points }) => [user, points])).toEqual([
      [A, 3],
      [B, 0.5],
      [C, 0.5],
    ]);
  });

  it('given a table played without one who dropped out, place them last', () => {
    expect(
      tablePlaces(
        [A, B, C],
        new Map([
          [A, 1],
          [C, 0],
        ]),
      ),
    ).toEqual([1, 2, 0]);
  });
});
