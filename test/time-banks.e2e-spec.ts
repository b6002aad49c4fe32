/**
 * Time banks and weekend pauses end to end, with time driven by a
 * ManualClock: each seat's clock in the API, a bank's increments and cap, its
 * reminder as it runs low, its running out (the same path as a passed
 * deadline), vacations and weekends in the players' own time zones, the
 * verifier agreeing, and every refusal writing nothing.
 */
import { PrismaService } from '../src/database/prisma.service';
import { RULESETS_HOSTED } from '../src/games';
import { RecordsService } from '../src/records/records.service';
import { verifyRecord } from '../src/records/verify-record';
import { gqlOk, Player, refusalWritingNothing, registerPlayer } from './support/app';
import { playTurn, startCountingGame } from './support/counting-api';
import { countingGame } from './support/counting-game';
import { askToCreateGame } from './support/games';
import { deadlineBench } from './support/deadline-bench';

const HOUR = 60 * 60 * 1000;
type Clock = { seat: number; remainingSeconds: number; running: boolean };
type Seen = { status: string; activeSeats: number[]; clocks: Clock[]; history: Array<{ type: string }> };
const BANK = { initialHours: 24, incrementHours: 4, maxHours: 26 };

describe('time banks (end to end)', () => {
  // Monday 2 March 2026, 12:00 UTC.
  const bench = deadlineBench(new Date('2026-03-02T12:00:00.000Z'), [...RULESETS_HOSTED, countingGame]);
  const { clock } = bench;

  const seen = async (gameId: string): Promise<Seen> =>
    (
      await gqlOk<{ game: Seen }>(
        bench.url,
        `query($id: ID!) { game(id: $id) { status activeSeats clocks { seat remainingSeconds running } history(first: 500) { type } } }`,
        { id: gameId },
      )
    ).game;
  const clocksOf = async (gameId: string) => (await seen(gameId)).clocks;
  const hours = (h: number) => h * 3600;

  async function playersIn(...zones: string[]): Promise<Array<Player & { email: string }>> {
    return Promise.all(
      zones.map(async (zone, i) => {
        const player = await registerPlayer(bench.url, ['Ann', 'Bob'][i]);
        const { updateProfile } = await gqlOk<{ updateProfile: { timeZone: string } }>(
          bench.url,
          'mutation($z: String) { updateProfile(timeZone: $z) { timeZone } }',
          { z: zone },
          player.token,
        );
        expect(updateProfile.timeZone).toBe(zone);
        return { ...player, email: (await gqlOk<{ me: { email: string } }>(bench.url, '{ me { email } }', {}, player.token)).me.email };
      }),
    );
  }

  async function expectVerified(gameId: string): Promise<void> {
    const record = await bench.server.app.get(RecordsService).wholeRecord(gameId);
    expect(verifyRecord(record, (id) => [...RULESETS_HOSTED, countingGame].find((ruleset) => ruleset.id === id))).toMatchObject({ ok: true, complete: true });
  }

  it('runs each bank during its own turns, adds the increment up to the cap, reminds as it runs low, and runs out as a deadline passes', async () => {
    clock.set(new Date('2026-03-02T12:00:00.000Z'));
    const [ann, bob] = await playersIn('UTC', 'UTC');
    const gameId = await startCountingGame(bench.url, [ann, bob], { moveDeadline: { bank: BANK, reminderHoursBefore: 6 } });
    const first = (await seen(gameId)).activeSeats[0];
    const [mover, waiter] = first === 0 ? [ann, bob] : [bob, ann];
    const seatOf = (player: Player) => (player === ann ? 0 : 1);
    expect(await clocksOf(gameId)).toEqual([
      { seat: 0, remainingSeconds: hours(24), running: first === 0 },
      { seat: 1, remainingSeconds: hours(24), running: first === 1 },
    ]);

    clock.advance(10 * HOUR);
    expect((await clocksOf(gameId))[first]).toEqual({ seat: first, remainingSeconds: hours(14), running: true });
    await playTurn(bench.url, gameId, [ann, bob]);
    // 14 hours left, and 4 more for the move.
    expect((await clocksOf(gameId))[seatOf(mover)]).toEqual({ seat: seatOf(mover), remainingSeconds: hours(18), running: false });
    expect((await clocksOf(gameId))[seatOf(waiter)]).toEqual({ seat: seatOf(waiter), remainingSeconds: hours(24), running: true });

    // A quick move: 24 - 1 + 4 is above the cap, so 26.
    clock.advance(1 * HOUR);
    await playTurn(bench.url, gameId, [ann, bob]);
    expect((await clocksOf(gameId))[seatOf(waiter)].remainingSeconds).toBe(hours(26));
    // The mover's turn mail asks for a move by the time their bank runs out: 18 hours from 23:00.
    await bench.inbox.waitFor(mover.email, /^Your turn/, { containing: 'Please move by Tue 3 Mar 2026, 17:00 UTC.' });

    // The mover's bank of 18 hours runs low: reminded 6 hours before it runs out, then it runs out.
    clock.advance(13 * HOUR);
    await bench.deadlines.runDue();
    const [reminder] = await bench.inbox.waitFor(mover.email, /^Reminder/, { containing: gameId });
    expect(reminder.subject).toContain('is due Tue 3 Mar 2026, 17:00 UTC');
    clock.advance(5 * HOUR);
    await bench.deadlines.runDue();
    const passed = await seen(gameId);
    expect(passed.history.map((h) => h.type)).toContain('game.deadlinePassed');
    expect(passed.clocks[seatOf(mover)]).toEqual({ seat: seatOf(mover), remainingSeconds: 0, running: false });
    await bench.inbox.waitFor(ann.email, /^Deadline passed/, { containing: gameId });

    // The host's choices are today's: more time (the increment), then the end.
    const resolve = (action: string) =>
      gqlOk(
        bench.url,
        `mutation($id: ID!, $seat: Int!) { resolveDeadline(gameId: $id, seat: $seat, action: ${action}) { id } }`,
        { id: gameId, seat: seatOf(mover) },
        ann.token,
      );
    await resolve('EXTEND');
    expect((await clocksOf(gameId))[seatOf(mover)]).toEqual({ seat: seatOf(mover), remainingSeconds: hours(4), running: true });
    clock.advance(4 * HOUR);
    await bench.deadlines.runDue();
    await resolve('END');
    expect(await seen(gameId)).toMatchObject({ status: 'FINISHED', clocks: [] });
    await expectVerified(gameId);
  });

  it("pauses each player's clock on their own weekend, in the time zone they had when they sat down", async () => {
    // Friday 6 March 2026, 20:00 UTC: already Saturday 05:00 in Tokyo, Friday 15:00 in New York.
    clock.set(new Date('2026-03-06T20:00:00.000Z'));
    const [ann, bob] = await playersIn('Asia/Tokyo', 'America/New_York');
    const gameId = await startCountingGame(bench.url, [ann, bob], { moveDeadline: { hoursPerMove: 24, pauseOnWeekends: true, onExpiry: 'END' } });
    const first = (await seen(gameId)).activeSeats[0];
    const deadlineOf = async () =>
      (
        await gqlOk<{ game: { deadlines: Array<{ deadline: string }> } }>(bench.url, 'query($id: ID!) { game(id: $id) { deadlines { deadline } } }', {
          id: gameId,
        })
      ).game.deadlines[0].deadline;
    // Tokyo: paused until its Monday 00:00 (Sunday 15:00 UTC), then 24 hours. New York: 9 hours to its Saturday 00:00 (05:00 UTC), then 15 from
    // its Monday 00:00, 04:00 UTC: summer time began on the Sunday.
    expect(await deadlineOf()).toBe(first === 0 ? '2026-03-09T15:00:00.000Z' : '2026-03-09T19:00:00.000Z');
    expect((await clocksOf(gameId))[first]).toEqual({ seat: first, remainingSeconds: hours(24), running: first === 1 });
    // A later change of time zone does not move a running game's weekends: the record says which they are.
    await gqlOk(bench.url, 'mutation { updateProfile(timeZone: "UTC") { timeZone } }', {}, [ann, bob][first].token);
    clock.set(new Date('2026-03-09T12:00:00.000Z'));
    expect((await clocksOf(gameId))[first]).toEqual({ seat: first, remainingSeconds: first === 0 ? hours(3) : hours(7), running: true });
    await bench.deadlines.runDue();
    expect((await seen(gameId)).status).toBe('ACTIVE');
    clock.set(new Date('2026-03-09T20:00:00.000Z'));
    await bench.deadlines.runDue();
    expect((await seen(gameId)).status).toBe('FINISHED');
    await expectVerified(gameId);
  });

  it('holds a bank while its player is on vacation, and only theirs', async () => {
    clock.set(new Date('2026-03-16T12:00:00.000Z'));
    const [ann, bob] = await playersIn('UTC', 'UTC');
    const gameId = await startCountingGame(bench.url, [ann, bob], { moveDeadline: { bank: BANK, reminderHoursBefore: 0 } });
    const first = (await seen(gameId)).activeSeats[0];
    const away = [ann, bob][first];
    await gqlOk(
      bench.url,
      'mutation($from: DateTime!, $to: DateTime!) { setVacation(startsAt: $from, endsAt: $to) { vacationDaysLeftThisYear } }',
      { from: '2026-03-16T14:00:00.000Z', to: '2026-03-17T14:00:00.000Z' },
      away.token,
    );
    clock.set(new Date('2026-03-17T00:00:00.000Z'));
    expect((await clocksOf(gameId))[first]).toEqual({ seat: first, remainingSeconds: hours(22), running: false });
    clock.set(new Date('2026-03-17T20:00:00.000Z'));
    await bench.deadlines.runDue();
    expect((await seen(gameId)).history.map((h) => h.type)).not.toContain('game.deadlinePassed');
    expect((await clocksOf(gameId))[first]).toEqual({ seat: first, remainingSeconds: hours(16), running: true });
    await playTurn(bench.url, gameId, [ann, bob]);
    expect((await clocksOf(gameId))[first].remainingSeconds).toBe(hours(20));
  });

  it('refuses time controls it cannot keep, each with a code, writing nothing', async () => {
    const [ann] = await playersIn('UTC');
    const games = () => bench.server.app.get(PrismaService).game.count();
    const refused = (moveDeadline: Record<string, unknown>) => refusalWritingNothing(games, askToCreateGame(bench.url, ann, { moveDeadline }));
    expect(await refused({ bank: { initialHours: 24, incrementHours: 30, maxHours: 26 } })).toBe('BAD_USER_INPUT');
    expect(await refused({ hoursPerMove: 24, bank: BANK })).toBe('BAD_USER_INPUT');
    expect(await refused({ reminderHoursBefore: 2 })).toBe('BAD_USER_INPUT');
    expect(await refused({ bank: { initialHours: 0, incrementHours: 0, maxHours: 26 } })).toBe('BAD_USER_INPUT');
    expect(await refused({ bank: { initialHours: 24, incrementHours: 4, maxHours: 5000 } })).toBe('BAD_USER_INPUT');
    expect(await refused({ bank: BANK, onExpiry: 'SKIP' })).toBe('BAD_USER_INPUT');
    const refusal = await askToCreateGame(bench.url, ann, { moveDeadline: { bank: { initialHours: 24, incrementHours: 30, maxHours: 26 } } });
    expect(refusal.errors?.[0]?.message).toBe(
      'bank.incrementHours must be a whole number from 0 to maxHours (26): a move cannot add more than the bank holds.',
    );
    // A game without deadlines has no clocks.
    const plain = await startCountingGame(bench.url, [ann, (await playersIn('UTC', 'UTC'))[1]]);
    expect(await clocksOf(plain)).toEqual([]);
  });
});
