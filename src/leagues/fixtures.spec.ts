import { drawSeats, historyOf, leagueDraws, roundRobinSchedule, swissTables, type SwissStanding } from './fixtures';
import type { SeatedRound } from './tables';

const players = (count: number) => Array.from({ length: count }, (_, i) => `p${i + 1}`);
const draws = (position = 0) => leagueDraws('a league seed', 'league-1', position);
const pairKey = (a: string, b: string) => [a, b].sort().join('+');
const tableKey = (table: readonly string[]) => [...table].sort().join('+');

function pairsMet(rounds: readonly SeatedRound[]): Map<string, number> {
  const met = new Map<string, number>();
  for (const table of rounds.flatMap((round) => round.tables)) {
    table.forEach((a, i) => table.slice(i + 1).forEach((b) => met.set(pairKey(a, b), (met.get(pairKey(a, b)) ?? 0) + 1)));
  }
  return met;
}

function expectEveryoneOncePerRound(rounds: readonly SeatedRound[], members: readonly string[]) {
  for (const round of rounds) expect([...round.tables.flat(), ...round.byes].sort()).toEqual([...members].sort());
}

describe('a round robin of two-player games', () => {
  it.each([
    [6, 5, 0],
    [5, 5, 1],
  ])('given %i players, plays %i rounds in which every pair meets once, with %i bye a round', (count, rounds, byes) => {
    const members = players(count);
    const schedule = roundRobinSchedule(members, 2, draws());
    expect(schedule).toHaveLength(rounds);
    expectEveryoneOncePerRound(schedule, members);
    expect(schedule.every((round) => round.byes.length === byes)).toBe(true);
    const met = pairsMet(schedule);
    expect(met.size).toBe((count * (count - 1)) / 2);
    expect([...met.values()].every((times) => times === 1)).toBe(true);
  });

  it('is drawn from the league seed: the same seed gives the same schedule, another seed another', () => {
    const members = players(6);
    expect(roundRobinSchedule(members, 2, draws())).toEqual(roundRobinSchedule(members, 2, draws()));
    expect(roundRobinSchedule(members, 2, draws())).not.toEqual(roundRobinSchedule(members, 2, leagueDraws('another seed', 'league-1', 0)));
  });
});

describe('a round robin of three-player games', () => {
  it('given six players, plays three rounds of two tables, no table twice, no pair more than twice', () => {
    const members = players(6);
    const schedule = roundRobinSchedule(members, 3, draws());
    expect(schedule).toHaveLength(3);
    expectEveryoneOncePerRound(schedule, members);
    const tables = schedule.flatMap((round) => round.tables.map(tableKey));
    expect(new Set(tables).size).toBe(tables.length);
    expect(Math.max(...pairsMet(schedule).values())).toBeLessThanOrEqual(2);
  });

  it('given seven players, gives each round one bye, never twice to the same player', () => {
    const members = players(7);
    const schedule = roundRobinSchedule(members, 3, draws());
    expect(schedule).toHaveLength(3);
    expectEveryoneOncePerRound(schedule, members);
    const byes = schedule.flatMap((round) => round.byes);
    expect(byes).toHaveLength(3);
    expect(new Set(byes).size).toBe(3);
  });

  it('given nine players, lets every pair meet at most once over four rounds (tables of three as a Kirkman schedule would)', () => {
    const schedule = roundRobinSchedule(players(9), 3, draws());
    expect(schedule).toHaveLength(4);
    expect(Math.max(...pairsMet(schedule).values())).toBe(1);
  });
});

/** Plays Swiss rounds where the first player of each table wins (places by seat) and returns them. */
function swissLeague(members: readonly string[], seatsPerGame: number, rounds: number): SeatedRound[] {
  const played: SeatedRound[] = [];
  for (let i = 0; i < rounds; i++) {
    const points = new Map(members.map((member) => [member, 0]));
    for (const table of played.flatMap((round) => round.tables))
      table.forEach((player, seat) => points.set(player, points.get(player)! + table.length - 1 - seat));
    const standing: SwissStanding[] = members.map((player) => ({ player, points: points.get(player)! })).sort((a, b) => b.points - a.points);
    played.push(swissTables(standing, seatsPerGame, historyOf(played)));
  }
  return played;
}

describe('Swiss rounds', () => {
  it('given eight players over three rounds of two-player games, pairs nobody twice', () => {
    const rounds = swissLeague(players(8), 2, 3);
    expectEveryoneOncePerRound(rounds, players(8));
    expect([...pairsMet(rounds).values()].every((times) => times === 1)).toBe(true);
  });

  it('given five players, gives the bye to a different player each round', () => {
    const rounds = swissLeague(players(5), 2, 3);
    const byes = rounds.flatMap((round) => round.byes);
    expect(byes).toHaveLength(3);
    expect(new Set(byes).size).toBe(3);
  });

  it('given six players at three-seat tables over three rounds, repeats no table', () => {
    const rounds = swissLeague(players(6), 3, 3);
    expectEveryoneOncePerRound(rounds, players(6));
    const tables = rounds.flatMap((round) => round.tables.map(tableKey));
    expect(new Set(tables).size).toBe(6);
  });

  it('given players equal on points, seats them together: the top three of the standing share a table', () => {
    const standing = players(6).map((player, i) => ({ player, points: i < 3 ? 2 : 0 }));
    const round = swissTables(standing, 3, { tables: [], byes: [] });
    expect(round.tables.map(tableKey)).toContain(tableKey(['p1', 'p2', 'p3']));
  });
});

describe('seat draws', () => {
  it('put the same players in the same seats for the same seed and round, and draw each round anew', () => {
    const round = { tables: [players(3), ['p4', 'p5', 'p6']], byes: [] };
    expect(drawSeats(round, draws(1))).toEqual(drawSeats(round, draws(1)));
    const seatZero = new Set(Array.from({ length: 12 }, (_, i) => drawSeats(round, draws(i + 1))[0][0]));
    expect(seatZero.size).toBeGreaterThan(1);
  });
});
