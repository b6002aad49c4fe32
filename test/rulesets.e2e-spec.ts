/**
 * Every hosted game, played through the server against PostgreSQL with
 * seeded random choices among its listed moves, reaches the end; its stream
 * is intact, its history is as long as its version, and a cold reload from
 * the database gives the same state the server held in memory.
 */
import { PrismaService } from '../src/database/prisma.service';
import { RULESETS_HOSTED } from '../src/games';
import { seededRandom } from '../src/rules/random';
import { createTestDatabase, TestDatabase } from './support/database';
import { playStack, PlayStack } from './support/play-stack';

describe('hosted rulesets played through the server', () => {
  let db: TestDatabase;
  let prisma: PrismaService;
  let stack: PlayStack;
  let users: string[];

  beforeAll(async () => {
    db = await createTestDatabase();
    prisma = new PrismaService(db.url);
    stack = playStack(prisma, RULESETS_HOSTED, 50);
    users = [];
    for (let i = 0; i < 5; i++) {
      users.push((await prisma.user.create({ data: { email: `p${i}@example.org`, passwordHash: 'x', displayName: `P${i}` } })).id);
    }
  });

  afterAll(async () => {
    await prisma.close();
    await db.drop();
  });

  const cases = RULESETS_HOSTED.flatMap((ruleset) => [ruleset.minSeats, ruleset.maxSeats].map((seats) => [ruleset.id, seats] as const));

  it.each(cases)('%s with %i seats finishes with a result', async (rulesetId, seats) => {
    const { service, store, history } = stack;
    const choose = seededRandom(`server-playout:${rulesetId}:${seats}`);
    let game = await service.createGame(users[0], { ruleset: rulesetId, seats, seed: `seed-${rulesetId}-${seats}` });
    // The last seat taken starts it, as a game does unless its host said otherwise.
    for (let seat = 1; seat < seats; seat++) game = await service.joinGame(users[seat], game.row.id);
    for (let steps = 0; game.row.status === 'ACTIVE'; steps++) {
      expect(steps).toBeLessThan(20000);
      const seat = choose.pick(game.row.activeSeats);
      const moves = game.ruleset.legalMoves(game.state.rules, seat);
      game = await service.submitMove(users[seat], game.row.id, choose.pick(moves), game.row.version);
    }
    expect(game.row.status).toBe('FINISHED');
    expect((game.row.result as { winners: number[] }).winners.length).toBeGreaterThan(0);
    expect(await store.verifyIntegrity(game.row.id)).toEqual({ ok: true, checkedEvents: game.row.version, firstBadSeq: null });
    expect(await history.page(game, 'all', 0, 500).then((h) => h[0].seq)).toBe(1);
    const cold = await stack.newLoader().stateAt(game.ruleset, game.row.id, game.row.version);
    expect(cold).toEqual({ state: JSON.parse(JSON.stringify(game.state)), firstBadSeq: null });
  });
});
