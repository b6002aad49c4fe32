import { countingGame } from '../../test/support/counting-game';
import type { AnyRuleset } from '../rules/contract';
import { CountedEvent, momentLabel, momentsOf, positionAfter } from './moments';

const withRounds: AnyRuleset = { ...countingGame, rounds: { startedBy: 'roundStarted', firstStartedBy: 'dealt' } };
const names = ['Ann', 'Bob', 'Chris'];
const seatName = (seat: number) => names[seat];

let seq = 0;
const server = (type: string, extra: Partial<CountedEvent> = {}): CountedEvent => ({
  seq: ++seq,
  type,
  actorSeat: null,
  stepStart: false,
  round: null,
  toVersion: null,
  ...extra,
});
const move = (seat: number, type = 'added'): CountedEvent => ({ seq: ++seq, type, actorSeat: seat, stepStart: true, round: null, toVersion: null });
const moreOfStep = (seat: number, type = 'cardDrawn'): CountedEvent => ({ seq: ++seq, type, actorSeat: seat, stepStart: false, round: null, toVersion: null });

beforeEach(() => (seq = 0));

describe('momentsOf', () => {
  it('counts moves and rounds along the line of play, naming whose move each event is part of', () => {
    const events = [
      server('game.created'),
      server('game.started'),
      server('dealt'),
      move(0),
      moreOfStep(0),
      move(1),
      server('roundStarted', { round: 2 }),
      move(0),
    ];
    const moments = momentsOf(withRounds, events);
    expect([...moments.entries()]).toEqual([
      [0, { round: null, move: 0, seat: null }],
      [1, { round: null, move: 0, seat: null }],
      [2, { round: null, move: 0, seat: null }],
      [3, { round: 1, move: 0, seat: null }],
      [4, { round: 1, move: 1, seat: 0 }],
      [5, { round: 1, move: 1, seat: 0 }],
      [6, { round: 1, move: 2, seat: 1 }],
      [7, { round: 2, move: 2, seat: null }],
      [8, { round: 2, move: 3, seat: 0 }],
    ]);
  });

  it('goes on counting from where an undo or a rollback went back to; the undone moves keep their numbers', () => {
    const events = [server('dealt'), move(0), move(1), server('roundStarted', { round: 2 }), move(0), server('game.rolledBack', { toVersion: 2 }), move(1)];
    const moments = momentsOf(withRounds, events);
    expect(moments.get(5)).toEqual({ round: 2, move: 3, seat: 0 });
    expect(moments.get(6)).toEqual({ round: 1, move: 1, seat: null });
    expect(moments.get(7)).toEqual({ round: 1, move: 2, seat: 1 });
  });

  it('goes on counting from where an agreed takeback went back to, as after an undo (the line of play the game stands on)', () => {
    const events = [server('dealt'), move(0), move(1), move(0), server('game.takenBack', { toVersion: 2, actorSeat: 0 }), move(1)];
    const moments = momentsOf(countingGame, events);
    expect(moments.get(5)).toEqual({ round: null, move: 1, seat: null });
    expect(moments.get(6)).toEqual({ round: null, move: 2, seat: 1 });
  });

  it("places a player's resignation or request at the move it follows, as nobody's move", () => {
    const byPlayer = (type: string, seat: number): CountedEvent => ({ seq: ++seq, type, actorSeat: seat, stepStart: false, round: null, toVersion: null });
    const moments = momentsOf(countingGame, [server('dealt'), move(0), moreOfStep(0), byPlayer('game.resigned', 0), byPlayer('game.takebackRequested', 1)]);
    expect(moments.get(3)).toEqual({ round: null, move: 1, seat: 0 });
    expect(moments.get(4)).toEqual({ round: null, move: 1, seat: null });
    expect(moments.get(5)).toEqual({ round: null, move: 1, seat: null });
    expect(momentLabel(moments.get(4)!, () => 'you')).toBe('Move 1');
  });

  it('only counts moves in a game without rounds', () => {
    const moments = momentsOf(countingGame, [server('dealt'), server('roundStarted', { round: 2 }), move(1)]);
    expect(moments.get(3)).toEqual({ round: null, move: 1, seat: 1 });
  });
});

describe('words for a moment', () => {
  it('names the round, whose turn and the move', () => {
    expect(momentLabel({ round: 2, move: 14, seat: 1 }, seatName)).toBe("Round 2 · Bob's turn · move 14");
    expect(momentLabel({ round: 3, move: 20, seat: 2 }, seatName)).toBe("Round 3 · Chris' turn · move 20");
    expect(momentLabel({ round: null, move: 3, seat: 0 }, seatName)).toBe("Ann's turn · move 3");
    expect(momentLabel({ round: 1, move: 4, seat: null }, seatName)).toBe('Round 1 · move 4');
    expect(momentLabel({ round: null, move: 5, seat: null }, seatName)).toBe('Move 5');
    expect(momentLabel({ round: null, move: 0, seat: null }, seatName)).toBe('The start');
    expect(momentLabel({ round: null, move: 3, seat: 0 }, () => 'you')).toBe('Your turn · move 3');
    expect(momentLabel({ round: 1, move: 3, seat: 0 }, () => 'you')).toBe('Round 1 · your turn · move 3');
  });

  it('says where a rollback lands', () => {
    expect(positionAfter({ round: 2, move: 14, seat: 1 })).toBe('move 14 (round 2)');
    expect(positionAfter({ round: null, move: 3, seat: 0 })).toBe('move 3');
    expect(positionAfter({ round: 1, move: 0, seat: null })).toBe('the start of the game');
    expect(positionAfter(undefined)).toBe('an earlier move');
  });
});
