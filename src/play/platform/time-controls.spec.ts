/** Time controls as a game is created with them, its seats taken and its deadlines extended: given/when/then over events, every refusal included. */
import { DeadlineExtended, DeadlinePassed, SeatTaken } from '../platform-events';
import { decideCreate, type CreateFacts, type JoinCommand } from './lobby';
import type { MoveDeadlineInput } from './options';
import { ANN, BOB, CREATE_COUNTING, created, given, playing, seatTaken } from './test-support/specification';

const FACTS: CreateFacts = { commitment: 'c0ffee', fixedSeed: false, drawRecipe: 2, rulesetVersion: 1, hostName: 'Ann', madeClientSeed: 'made for Ann' };
const RALLY_BANK = { initialHours: 72, incrementHours: 4, maxHours: 72 };
const join = (timeZone: string | null): JoinCommand => ({
  type: 'join',
  seat: null,
  clientSeed: 'own',
  access: { invitation: null, inviteCode: 'none', keptForOthers: [] },
  madeClientSeed: 'made',
  timeZone,
});

describe('creating a game with time controls', () => {
  it('keeps a bank, and that weekends pause the clocks, recording the host’s time zone with their seat', () => {
    const decision = decideCreate(
      { ...CREATE_COUNTING, moveDeadline: { bank: RALLY_BANK, pauseOnWeekends: true, onExpiry: 'END' }, hostTimeZone: 'Asia/Tokyo' },
      ANN,
      FACTS,
    );
    expect(decision).toMatchObject({
      ok: true,
      events: [
        { payload: { moveDeadline: { bank: RALLY_BANK, pauseOnWeekends: true, reminderHoursBefore: 24, onExpiry: 'END' } } },
        { type: SeatTaken, payload: { seat: 0, userId: ANN, timeZone: 'Asia/Tokyo' } },
      ],
    });
    expect(decision.ok && decision.events[0].payload.moveDeadline).not.toHaveProperty('hoursPerMove');
  });

  it('records no time zone where weekends count, and writes nothing of weekends then', () => {
    const decision = decideCreate({ ...CREATE_COUNTING, moveDeadline: { hoursPerMove: 24 }, hostTimeZone: 'Asia/Tokyo' }, ANN, FACTS);
    expect(decision.ok && decision.events[0].payload.moveDeadline).toEqual({ hoursPerMove: 24, reminderHoursBefore: 12, onExpiry: 'ASK_HOST' });
    expect(decision.ok && decision.events[1].payload).not.toHaveProperty('timeZone');
  });

  it.each<[string, MoveDeadlineInput, string]>([
    ['both a time per move and a bank', { hoursPerMove: 24, bank: RALLY_BANK }, 'either hoursPerMove or a bank, not both nor neither'],
    ['neither', { reminderHoursBefore: 2 }, 'either hoursPerMove or a bank, not both nor neither'],
    [
      'an increment above the cap',
      { bank: { initialHours: 24, incrementHours: 80, maxHours: 72 } },
      'bank.incrementHours must be a whole number from 0 to maxHours (72)',
    ],
    [
      'a bank that starts above its cap',
      { bank: { initialHours: 100, incrementHours: 4, maxHours: 72 } },
      'bank.initialHours must be a whole number from 1 to maxHours (72)',
    ],
    ['a bank of no hours', { bank: { initialHours: 0, incrementHours: 0, maxHours: 72 } }, 'bank.initialHours must be a whole number'],
    ['a cap beyond 60 days', { bank: { initialHours: 24, incrementHours: 4, maxHours: 1441 } }, 'bank.maxHours must be a whole number from 1 to 1440'],
    ['a negative increment', { bank: { initialHours: 24, incrementHours: -1, maxHours: 72 } }, 'bank.incrementHours must be a whole number'],
    ['hours that are no whole number', { bank: { initialHours: 1.5, incrementHours: 1, maxHours: 72 } }, 'bank.initialHours must be a whole number'],
    [
      'a reminder longer than a full bank',
      { bank: RALLY_BANK, reminderHoursBefore: 72 },
      'reminderHoursBefore must be a whole number from 0 (no reminder) to 71',
    ],
    ['a bank whose turns the game cannot skip', { bank: RALLY_BANK, onExpiry: 'SKIP' }, "cannot skip a player's turn"],
  ])('refuses %s', (_what, moveDeadline, words) => {
    expect(decideCreate({ ...CREATE_COUNTING, moveDeadline }, ANN, FACTS)).toEqual({
      ok: false,
      code: 'BAD_USER_INPUT',
      message: expect.stringContaining(words),
    });
  });
});

describe('taking a seat in a game that pauses on weekends', () => {
  const pausing = { moveDeadline: { bank: RALLY_BANK, pauseOnWeekends: true, reminderHoursBefore: 0, onExpiry: 'ASK_HOST' } };

  it('records the player’s time zone with the seat, UTC for one who never chose', () => {
    given([created(pausing), seatTaken(0, ANN)])
      .when(join('America/New_York'), BOB)
      .then([{ type: SeatTaken, payload: { seat: 1, userId: BOB, clientSeed: 'own', timeZone: 'America/New_York' }, actorUserId: BOB, actorSeat: 1 }]);
    given([created(pausing), seatTaken(0, ANN)])
      .when(join(null), BOB)
      .thenMatching([{ payload: { timeZone: 'UTC' } }]);
  });

  it('records none in a game whose weekends count', () => {
    given([created(), seatTaken(0, ANN)])
      .when(join('America/New_York'), BOB)
      .then([{ type: SeatTaken, payload: { seat: 1, userId: BOB, clientSeed: 'own' }, actorUserId: BOB, actorSeat: 1 }]);
  });
});

describe('a bank that ran out, extended', () => {
  const withBank = (pauseOnWeekends: boolean) =>
    playing(2, { moveDeadline: { bank: RALLY_BANK, ...(pauseOnWeekends ? { pauseOnWeekends } : {}), reminderHoursBefore: 0, onExpiry: 'EXTEND' } });
  const passed = { type: DeadlinePassed, payload: { seat: 0, userId: ANN }, move: { cause: 'deadlinePassed', seat: 0, onExpiry: 'EXTEND' } };
  // Friday 8 May 2026, 22:00 UTC.
  const friday = new Date('2026-05-08T22:00:00Z');

  it('gets the increment, counted from then', () => {
    given(withBank(false))
      .when({ type: 'deadlinePassed', seat: 0 }, null, friday)
      .then([passed, { type: DeadlineExtended, payload: { seat: 0, dueAt: '2026-05-09T02:00:00.000Z' } }]);
  });

  it('gets the increment past the weekend of the seat’s recorded time zone, where weekends pause', () => {
    // Ann's seat records no zone (taken before it was recorded): UTC. 2 hours of Friday, then 2 from Monday 00:00.
    given(withBank(true))
      .when({ type: 'deadlinePassed', seat: 0 }, null, friday)
      .then([passed, { type: DeadlineExtended, payload: { seat: 0, dueAt: '2026-05-11T02:00:00.000Z' } }]);
  });
});
