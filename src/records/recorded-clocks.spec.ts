/** The verifier's count of the clocks: a deadline recorded as passed before its seat's time ran out is refused. */
import { countingGame } from '../../test/support/counting-game';
import { ANN, BOB, EVE, gameAfter, type GivenEvent, HOUR, NOW, playing } from '../play/platform/test-support/specification';
import { DeadlinePassed } from '../play/platform-events';
import type { RecordEvent } from './game-record';
import { RecordedClocks } from './recorded-clocks';
import { join, ScriptedGame } from './test-support/scripted-game';
import { verifyRecord } from './verify-record';

const settings = { bank: { initialHours: 24, incrementHours: 0, maxHours: 24 }, pauseOnWeekends: true, reminderHoursBefore: 0, onExpiry: 'ASK_HOST' };
/** Ann (seat 0) to act from NOW, a Monday: created, seated and started in three appends. */
const lobbyAndStart = playing(2, { moveDeadline: settings });
const APPENDS = [2, 3, 5];

const recorded = (event: GivenEvent, seq: number, at: Date) =>
  ({ ...event, seq, at: at.toISOString(), actorUserId: event.actorUserId ?? null }) as unknown as RecordEvent;

function clocksOfStartedGame(): RecordedClocks {
  const clocks = new RecordedClocks(gameAfter([]).ruleset);
  let from = 0;
  for (const end of APPENDS) {
    clocks.after(
      lobbyAndStart.slice(from, end).map((event, i) => recorded(event, from + i + 1, NOW)),
      gameAfter(lobbyAndStart.slice(0, end)).state,
    );
    from = end;
  }
  return clocks;
}

const passedAt = (at: Date) => recorded({ type: DeadlinePassed, payload: { seat: 0, userId: 'ann' } }, 6, at);

describe('the clocks the verifier counts', () => {
  const state = gameAfter(lobbyAndStart).state;

  it('refuse a deadline that passed before its seat had used its bank', () => {
    expect(clocksOfStartedGame().problemWith(passedAt(new Date(NOW.getTime() + 23 * HOUR)), state)).toBe(
      "game.deadlinePassed: seat 1's time had not run out (it runs out at 2026-05-05T09:00:00.000Z by the record's times)",
    );
  });

  it('take one that passed once it had, or later (a vacation the record does not show)', () => {
    expect(clocksOfStartedGame().problemWith(passedAt(new Date(NOW.getTime() + 24 * HOUR)), state)).toBeNull();
    expect(clocksOfStartedGame().problemWith(passedAt(new Date(NOW.getTime() + 50 * HOUR)), state)).toBeNull();
  });
});

describe('a deadline recorded as passed before its time ran out', () => {
  it('is refused, by the record’s own count of the clock', () => {
    // As forged-records.spec.ts's endedGame, but the deadline passes a minute after the turn began, not a day.
    const early = new ScriptedGame(countingGame, 2).run(join(), BOB).run({ type: 'start' }, ANN).turn();
    const late = gameAfter(early.events).state.seats.indexOf(early.toAct);
    early.run({ type: 'deadlinePassed', seat: late }, null).run({ type: 'resolveDeadline', seat: late, action: 'END', deadlinePassed: true }, ANN);
    const passed = early.record().events.find((event) => event.type === 'game.deadlinePassed')!;
    expect(verifyRecord(early.record(), () => countingGame)).toMatchObject({
      ok: false,
      seq: passed.seq,
      problem: expect.stringMatching(/^game\.deadlinePassed: seat \d's time had not run out \(it runs out at .* by the record's times\)$/),
    });
  });
});

describe('a deadline recorded as passed on the clock a seat had before it changed hands', () => {
  /** Bob to play; twenty hours into his day he hands his seat over to Eve, whose turn begins then, with a day of its own. */
  function handedOverToEve(): ScriptedGame {
    const game = new ScriptedGame(countingGame, 2).run(join(), BOB).run({ type: 'start' }, ANN);
    if (game.toAct !== BOB) game.turn();
    return game
      .later(20)
      .run({ type: 'offerSeat', seat: 1, invitee: { invitationId: 'o1', accountId: null } }, BOB)
      .run({ type: 'takeSeat', invitationId: 'o1' }, EVE);
  }

  /** Eve's deadline recorded as passed `hours` after she took the seat, and the host ending the game then. */
  const passedAfter = (hours: number) =>
    handedOverToEve()
      .later(hours)
      .run({ type: 'deadlinePassed', seat: 1 }, null)
      .run({ type: 'resolveDeadline', seat: 1, action: 'END', deadlinePassed: true }, ANN)
      .record();

  it('is refused: the server began the seat’s turn again when Eve took it', () => {
    // Bob's day had run out by then; Eve's had not.
    const record = passedAfter(5);
    const passed = record.events.find((event) => event.type === DeadlinePassed)!;
    expect(verifyRecord(record, () => countingGame)).toMatchObject({
      ok: false,
      seq: passed.seq,
      problem: expect.stringMatching(/^game\.deadlinePassed: seat 2's time had not run out \(it runs out at .* by the record's times\)$/),
    });
  });

  it('is taken once Eve’s own day has run out', () => {
    expect(verifyRecord(passedAfter(24), () => countingGame)).toMatchObject({ ok: true, complete: true });
  });
});

describe("a deadline recorded as passed on a bot's seat", () => {
  it('is refused: a bot plays its turns, with no deadline running', () => {
    const game = new ScriptedGame(countingGame, 2, { bots: [{ seat: 1, level: 'RANDOM' }] }).run({ type: 'start' }, ANN);
    if (game.toAct === ANN) game.turn();
    game.later(25).run({ type: 'deadlinePassed', seat: 1 }, null).run({ type: 'resolveDeadline', seat: 1, action: 'END', deadlinePassed: true }, ANN);
    const record = game.record();
    const passed = record.events.find((event) => event.type === DeadlinePassed)!;
    expect(verifyRecord(record, () => countingGame)).toEqual({
      ok: false,
      seq: passed.seq,
      problem: "game.deadlinePassed: seat 2 had no move deadline running (no player's turn of theirs had begun)",
    });
  });
});

describe('a deadline recorded as passed twice in one turn', () => {
  it('is refused the second time: the server passes a deadline once, till it is extended', () => {
    const game = new ScriptedGame(countingGame, 2).run(join(), BOB).run({ type: 'start' }, ANN);
    const late = gameAfter(game.events).state.seats.indexOf(game.toAct);
    game.later(25).run({ type: 'deadlinePassed', seat: late }, null).later(1).run({ type: 'deadlinePassed', seat: late }, null);
    game.run({ type: 'resolveDeadline', seat: late, action: 'END', deadlinePassed: true }, ANN);
    const record = game.record();
    const again = record.events.filter((event) => event.type === DeadlinePassed)[1];
    expect(verifyRecord(record, () => countingGame)).toEqual({
      ok: false,
      seq: again.seq,
      problem: `game.deadlinePassed: seat ${late + 1}'s deadline had already passed, and had not been extended since`,
    });
  });
});
