import { ManualClock } from '../common/clock';
import { PrismaService } from '../database/prisma.service';
import { EventStore, NewEvent } from '../event-store/event-store';
import { DeadlineExtended, GameRolledBack } from '../play/platform-events';
import { createTestDatabase, TestDatabase } from '../../test/support/database';
import { MailFacts } from './mail-facts';
import type { MailPart } from './mail-parts';
import { SupersededMail } from './superseded-mail';

describe('MailFacts (real PostgreSQL)', () => {
  let db: TestDatabase;
  let prisma: PrismaService;
  let store: EventStore;
  let facts: MailFacts;
  let ann: string;
  let bob: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    prisma = new PrismaService(db.url);
    store = new EventStore(prisma, new ManualClock());
    facts = new MailFacts(prisma, new SupersededMail([]), []);
    ann = (await prisma.user.create({ data: { email: 'ann@example.org', passwordHash: 'x', displayName: 'Ann' } })).id;
    bob = (await prisma.user.create({ data: { email: 'bob@example.org', passwordHash: 'x', displayName: 'Bob' } })).id;
  });

  afterAll(async () => {
    await prisma.close();
    await db.drop();
  });

  /** A three-seat game hosted by Ann, with Ann in seat 0 and Bob in seat 2 (seat 1 free). */
  async function game(): Promise<string> {
    const { id } = await prisma.game.create({ data: { ruleset: 'counting', seed: 's', options: {}, seatCount: 3, hostId: ann, status: 'ACTIVE' } });
    await prisma.gameSeat.createMany({
      data: [
        { gameId: id, index: 0, userId: ann },
        { gameId: id, index: 2, userId: bob },
      ],
    });
    return id;
  }

  const move = (userId: string, seat: number, n: number): NewEvent => ({ type: 'added', payload: { seat, amount: n }, actorUserId: userId, actorSeat: seat });

  async function notify(userId: string, gameId: string | null, kind: 'YOUR_TURN' | 'DIGEST', status: 'PENDING' | 'SENT' = 'PENDING') {
    return prisma.notification.create({ data: { userId, gameId, gameVersion: 1, kind, details: { seat: 0 }, createdAt: new Date(), status } });
  }

  it('reads a pending notification with its recipient, their choices, vacation and the game players', async () => {
    const gameId = await game();
    const notification = await notify(bob, gameId, 'YOUR_TURN');
    await prisma.notificationSettings.create({ data: { userId: bob, deliveries: { YOUR_TURN: 'DIGEST' }, channels: { NEW_MESSAGES: 'MAIL' } } });
    await prisma.vacation.create({ data: { userId: bob, startsAt: new Date('2030-01-01'), endsAt: new Date('2030-01-08') } });
    await prisma.user.update({ where: { id: bob }, data: { timeZone: 'Asia/Tokyo' } });

    const [pending] = await facts.pending([notification.id], new Date('2029-12-31'));
    expect(pending).toMatchObject({ id: notification.id, userId: bob, gameId, kind: 'YOUR_TURN', details: { seat: 0 } });
    expect(pending.recipient).toEqual({
      email: 'bob@example.org',
      displayName: 'Bob',
      timeZone: 'Asia/Tokyo',
      deliveries: expect.objectContaining({ YOUR_TURN: 'DIGEST', INVITATION: 'IMMEDIATE' }),
      channels: expect.objectContaining({ NEW_MESSAGES: 'MAIL', YOUR_TURN: 'BOTH' }),
      onVacation: false,
    });
    expect(pending.game).toMatchObject({
      id: gameId,
      ruleset: 'counting',
      hostId: ann,
      hostName: 'Ann',
      seats: [{ userId: ann, name: 'Ann' }, null, { userId: bob, name: 'Bob' }],
    });
    expect((await facts.pending([notification.id], new Date('2030-01-02')))[0].recipient.onVacation).toBe(true);
    // An account that has no zone yet reads as UTC.
    await prisma.user.update({ where: { id: bob }, data: { timeZone: null } });
    expect((await facts.pending([notification.id], new Date('2029-12-31')))[0].recipient.timeZone).toBe('UTC');
  });

  it('tells when a "your turn" notification\'s turn is over: the player moved since, or no longer has to', async () => {
    const gameId = await game();
    await prisma.game.update({ where: { id: gameId }, data: { activeSeats: [2] } });
    await store.appendEvents({ gameId, expectedVersion: 0, events: [move(ann, 0, 1)] });
    const turn = await prisma.notification.create({
      data: { userId: bob, gameId, gameVersion: 1, kind: 'YOUR_TURN', details: { seat: 2 }, createdAt: new Date() },
    });
    const turnOver = async () => (await facts.pending([turn.id], new Date()))[0].superseded;
    expect(await turnOver()).toBe(false);

    // Not a move: extending a deadline, say, leaves the turn open.
    await store.appendEvents({ gameId, expectedVersion: 1, events: [{ type: DeadlineExtended, payload: { seat: 2 }, actorUserId: bob, actorSeat: 2 }] });
    expect(await turnOver()).toBe(false);

    await store.appendEvents({ gameId, expectedVersion: 2, events: [move(bob, 2, 2)] });
    expect(await turnOver()).toBe(true);

    const laterTurn = await prisma.notification.create({
      data: { userId: bob, gameId, gameVersion: 3, kind: 'YOUR_TURN', details: { seat: 2 }, createdAt: new Date() },
    });
    expect((await facts.pending([laterTurn.id], new Date()))[0].superseded).toBe(false);
    await prisma.game.update({ where: { id: gameId }, data: { activeSeats: [0] } });
    expect((await facts.pending([laterTurn.id], new Date()))[0].superseded).toBe(true);

    const started = await prisma.notification.create({ data: { userId: bob, gameId, gameVersion: 3, kind: 'GAME_STARTED', createdAt: new Date() } });
    expect((await facts.pending([started.id], new Date()))[0].superseded).toBe(false);
  });

  it('reads a batch of notifications in one go, leaving out those no longer pending', async () => {
    const gameId = await game();
    const sent = await notify(ann, await game(), 'YOUR_TURN', 'SENT');
    const forAnn = await notify(ann, gameId, 'YOUR_TURN');
    const forBob = await notify(bob, gameId, 'YOUR_TURN');
    const read = await facts.pending([sent.id, forAnn.id, forBob.id], new Date());
    expect(read.map((n) => [n.id, n.recipient.displayName]).sort()).toEqual(
      [
        [forAnn.id, 'Ann'],
        [forBob.id, 'Bob'],
      ].sort(),
    );
    expect(await facts.pending([sent.id], new Date())).toEqual([]);
  });

  it('reads a digest without a game, and the notifications it gathers with theirs', async () => {
    const gameId = await game();
    await prisma.game.update({ where: { id: gameId }, data: { activeSeats: [0] } }); // still Ann's turn: a digest lists only a turn still on
    const digest = await notify(ann, null, 'DIGEST');
    const held = await notify(ann, gameId, 'YOUR_TURN', 'SENT');
    await prisma.notification.update({ where: { id: held.id }, data: { digestId: digest.id } });
    expect((await facts.pending([digest.id], new Date()))[0].game).toBeNull();
    const items = await facts.digestItems(digest.id);
    expect(items.map((item) => [item.id, item.game?.hostName])).toEqual([[held.id, 'Ann']]);
  });

  it('gives the events since the recipient last moved, with who made them, and the game jumps', async () => {
    const gameId = await game();
    await store.appendEvents({ gameId, expectedVersion: 0, events: [move(ann, 0, 1), move(bob, 2, 2), move(ann, 0, 3), move(bob, 2, 4), move(bob, 2, 5)] });
    await store.appendEvents({
      gameId,
      expectedVersion: 5,
      events: [{ type: GameRolledBack, payload: { toVersion: 4, reason: 'typo' }, actorUserId: ann, actorSeat: 0 }],
    });

    const turnOf = async (userId: string, seat: number, gameVersion: number) => {
      const turn = await prisma.notification.create({ data: { userId, gameId, gameVersion, kind: 'YOUR_TURN', details: { seat }, createdAt: new Date() } });
      return (await facts.pending([turn.id], new Date()))[0].turn!;
    };
    const history = await turnOf(ann, 0, 5);
    expect(history.events.map((e) => [e.seq, e.actorName, e.payload.amount])).toEqual([
      [4, 'Bob', 4],
      [5, 'Bob', 5],
    ]);
    expect(history.events[0].at).toBeInstanceOf(Date);
    expect(history.jumps).toEqual([{ seq: 6, toVersion: 4 }]);
    // Platform events (the rollback) are not the reader's own moves.
    expect((await turnOf(ann, 0, 6)).events.map((e) => e.seq)).toEqual([4, 5, 6]);
    // Up to a version before the reader's first move: the whole game so far.
    expect((await turnOf(bob, 2, 1)).events.map((e) => e.seq)).toEqual([1]);
    // Only a "your turn" mail tells what happened.
    const started = await prisma.notification.create({ data: { userId: bob, gameId, gameVersion: 5, kind: 'GAME_STARTED', createdAt: new Date() } });
    expect((await facts.pending([started.id], new Date()))[0].turn).toBeNull();
  });

  it('tells the chat a module contributes in the mail of the kinds that tell chat, and refuses two such modules', async () => {
    const chat: MailPart = {
      unreadChat: ({ n, tellsChat, mailedThrough }) =>
        `SELECT json_build_object('count', 1, 'through', ${n}.game_version::text, 'lines', json_build_array(json_build_object('authorName', 'Ann', 'text', 'Hi', 'at', '2030-01-01T00:00:00Z'))) AS chat
         WHERE ${tellsChat} AND ${mailedThrough} IS NULL`,
    };
    const withChat = new MailFacts(prisma, new SupersededMail([]), [chat]);
    const gameId = await game();
    const turn = await notify(bob, gameId, 'YOUR_TURN');
    const started = await prisma.notification.create({ data: { userId: bob, gameId, gameVersion: 1, kind: 'GAME_STARTED', createdAt: new Date() } });
    const read = await withChat.pending([turn.id, started.id], new Date());
    expect(read.find((n) => n.id === turn.id)!.chat).toEqual({
      count: 1,
      through: '1',
      lines: [{ authorName: 'Ann', text: 'Hi', at: new Date('2030-01-01T00:00:00Z') }],
    });
    expect(read.find((n) => n.id === started.id)!.chat).toBeNull();
    expect(() => new MailFacts(prisma, new SupersededMail([]), [chat, chat])).toThrow('two modules tell of unread chat in mail');
  });
});
