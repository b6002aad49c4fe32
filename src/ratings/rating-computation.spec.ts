/** The ratings over rated games: openskill's numbers, in a fixed order whatever order the games come in, game by game as a whole. */
import { rate, rating } from 'openskill';
import type { RatedGame } from '../play/platform/rated-games';
import { computeRatings, PROVISIONAL_UNTIL_GAMES, rateGame, type Skill } from './rating-computation';

const at = (minute: number) => new Date(Date.parse('2026-11-01T10:00:00.000Z') + minute * 60_000).toISOString();

function played(gameId: string, minute: number, ranking: Array<[string, number]>, groupId: string | null = null, ruleset = 'counting'): RatedGame {
  return { gameId, ruleset, groupId, endedAt: at(minute), ranking: ranking.map(([userId, rank]) => ({ userId, rank })) };
}

const GAMES = [
  played('g1', 1, [
    ['ann', 1],
    ['bob', 2],
  ]),
  played(
    'g2',
    2,
    [
      ['bob', 1],
      ['cat', 2],
      ['ann', 3],
    ],
    'club',
  ),
  // Ended at the same time as g2: rated after it, by id.
  played('g0', 2, [
    ['cat', 1],
    ['ann', 1],
  ]),
  played(
    'g3',
    3,
    [
      ['ann', 1],
      ['cat', 2],
    ],
    'club',
  ),
  played(
    'g4',
    4,
    [
      ['bob', 1],
      ['ann', 2],
    ],
    null,
    'five-tribes',
  ),
];

describe('ratings', () => {
  it("are openskill's Weng-Lin (Plackett-Luce) at its defaults, each game a free-for-all ranked by places, ties shared", () => {
    const [[ann], [bob]] = rate([[rating()], [rating()]], { rank: [1, 2] });
    const [[cat], [ann2]] = rate([[rating()], [ann]], { rank: [1, 1] });
    const ratings = computeRatings(
      [
        played('g1', 1, [
          ['ann', 1],
          ['bob', 2],
        ]),
        played('g2', 2, [
          ['cat', 1],
          ['ann', 1],
        ]),
      ],
      { ruleset: 'counting', groupId: null },
    );
    expect(ratings.find((r) => r.userId === 'ann')).toMatchObject({
      mu: ann2.mu,
      sigma: ann2.sigma,
      rating: ann2.mu - 3 * ann2.sigma,
      deviation: ann2.sigma,
      games: 2,
    });
    expect(ratings.find((r) => r.userId === 'bob')).toMatchObject({ mu: bob.mu, sigma: bob.sigma, games: 1 });
    expect(ratings.find((r) => r.userId === 'cat')).toMatchObject({ mu: cat.mu, sigma: cat.sigma, games: 1 });
  });

  it('rate games by the time they ended, then by id, whatever order they are given in; highest rating first', () => {
    const inOrder = computeRatings(GAMES, { ruleset: 'counting', groupId: null });
    expect(computeRatings([...GAMES].reverse(), { ruleset: 'counting', groupId: null })).toEqual(inOrder);
    expect(inOrder.find((r) => r.userId === 'ann')!.history.map((point) => point.gameId)).toEqual(['g1', 'g0', 'g2', 'g3']);
    expect(inOrder.map((r) => r.rating)).toEqual([...inOrder.map((r) => r.rating)].sort((a, b) => b - a));
  });

  it("of a group count that group's games only; of a ruleset, that ruleset's only", () => {
    const club = computeRatings(GAMES, { ruleset: 'counting', groupId: 'club' });
    expect(club.find((r) => r.userId === 'ann')!.history.map((point) => point.gameId)).toEqual(['g2', 'g3']);
    expect(computeRatings(GAMES, { ruleset: 'five-tribes', groupId: null }).map((r) => [r.userId, r.games])).toEqual([
      ['bob', 1],
      ['ann', 1],
    ]);
  });

  it('are the same, to the last bit, rated game by game on top of the stored skills', () => {
    const skills = new Map<string, Skill>();
    for (const game of computeRatingsOrder()) for (const [userId, skill] of rateGame(skills, game)) skills.set(userId, JSON.parse(JSON.stringify(skill)));
    for (const whole of computeRatings(GAMES, { ruleset: 'counting', groupId: null })) {
      expect(skills.get(whole.userId)).toEqual({ mu: whole.mu, sigma: whole.sigma, games: whole.games });
    }
  });

  it(`are provisional until ${PROVISIONAL_UNTIL_GAMES} games`, () => {
    const games = Array.from({ length: PROVISIONAL_UNTIL_GAMES }, (_, i) =>
      played(`g${i}`, i, [
        ['ann', 1 + (i % 2)],
        ['bob', 2 - (i % 2)],
      ]),
    );
    expect(computeRatings(games.slice(1), { ruleset: 'counting', groupId: null }).map((r) => r.provisional)).toEqual([true, true]);
    expect(computeRatings(games, { ruleset: 'counting', groupId: null }).map((r) => r.provisional)).toEqual([false, false]);
  });
});

/** The counting games of GAMES in rating order, as the server meets them. */
function computeRatingsOrder(): RatedGame[] {
  return ['g1', 'g0', 'g2', 'g3'].map((id) => GAMES.find((game) => game.gameId === id)!);
}
