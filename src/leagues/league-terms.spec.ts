import { leagueProblem, type LeagueRequest, pointsForPlace } from './league-terms';

const request: LeagueRequest = {
  format: 'ROUND_ROBIN',
  seatsPerGame: 2,
  rounds: null,
  memberIds: ['a', 'b', 'c'],
  pointsPerPlace: null,
  minSeats: 2,
  maxSeats: 4,
};

describe('a league asked for', () => {
  it.each([
    ['a round robin without rounds', {}],
    ['Swiss over three rounds at four seats', { format: 'SWISS', rounds: 3, seatsPerGame: 3 }],
    ['points per place that fall', { pointsPerPlace: [1, 0] }],
  ])('given %s, is made', (_, change) => {
    expect(leagueProblem({ ...request, ...change })).toBeNull();
  });

  it.each([
    ['BAD_FORMAT', { format: 'KNOCKOUT' }],
    ['BAD_SEATS_PER_GAME', { seatsPerGame: 5 }],
    ['BAD_SEATS_PER_GAME', { seatsPerGame: 1 }],
    ['BAD_ROUNDS', { rounds: 3 }],
    ['BAD_ROUNDS', { format: 'SWISS', rounds: null }],
    ['BAD_ROUNDS', { format: 'SWISS', rounds: 0 }],
    ['BAD_MEMBERS', { memberIds: ['a', 'a', 'b'] }],
    ['BAD_MEMBERS', { seatsPerGame: 4, memberIds: ['a', 'b', 'c'] }],
    ['BAD_POINTS', { pointsPerPlace: [0, 1] }],
    ['BAD_POINTS', { pointsPerPlace: [1] }],
  ])('is refused with %s given %j', (reason, change) => {
    expect(leagueProblem({ ...request, ...change })?.reason).toBe(reason);
  });
});

it('shares the points of the places a tie takes up', () => {
  expect(pointsForPlace([1, 0], 0, 2)).toBe(0.5);
  expect(pointsForPlace([4, 2, 1, 0], 1, 3)).toBe(1);
});
