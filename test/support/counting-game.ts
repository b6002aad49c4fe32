/**
 * A small ruleset for testing the server, with everything the real games
 * exercise: several seats, turns of several steps (some reversible), random
 * draws recorded in events, hidden information, options and an ending.
 *
 * On your turn, `add` 1 or 2 to the shared counter (at most 3 per turn; each
 * add can be taken back), then `endTurn`, which draws a secret card (1-9)
 * for you. When the counter reaches the target, the highest card total wins.
 * A hand keeps its total and only its latest cards, so that even a game of
 * a million events (the benchmarks use it so) has a state of constant size.
 */
import { accept, refuse, Ruleset, RulesEvent, Viewer } from '../../src/rules/contract';
import { findListedMove } from '../../src/rules/moves';

export interface CountingState {
  seats: number;
  target: number;
  counter: number;
  turn: number;
  addedThisTurn: number;
  hands: Hand[];
}

interface Hand {
  count: number;
  total: number;
  /** The latest cards, newest last. */
  recent: number[];
}

const RECENT_CARDS = 5;

type Move = { type: 'add'; amount: 1 | 2 } | { type: 'endTurn' };
type Event = ({ type: 'dealt'; firstPlayer: number } | { type: 'added'; seat: number; amount: number } | { type: 'cardDrawn'; seat: number; card?: number }) &
  RulesEvent;

const finished = (s: CountingState) => s.counter >= s.target;
const totals = (s: CountingState) => s.hands.map((hand) => hand.total);

function drawInto(hand: Hand, card: number): Hand {
  return { count: hand.count + 1, total: hand.total + card, recent: [...hand.recent, card].slice(-RECENT_CARDS) };
}

export const countingGame: Ruleset<CountingState, Move, Event> = {
  id: 'counting',
  name: 'Counting (test game)',
  version: 1,
  description: 'A tiny game for testing the server.',
  minSeats: 2,
  maxSeats: 4,
  options: [{ key: 'target', label: 'Counter target', type: 'integer', default: 10, min: 3, max: 10_000_000 }],

  initialState: ({ seats, options }) => ({
    seats,
    target: options.target as number,
    counter: 0,
    turn: 0,
    addedThisTurn: 0,
    hands: Array.from({ length: seats }, () => ({ count: 0, total: 0, recent: [] })),
  }),

  setup: (state, random) => [{ type: 'dealt', firstPlayer: random.int(state.seats) }],

  legalMoves(state, seat) {
    if (finished(state) || seat !== state.turn) return [];
    const moves: Move[] = [];
    if (state.addedThisTurn + 1 <= 3) moves.push({ type: 'add', amount: 1 });
    if (state.addedThisTurn + 2 <= 3) moves.push({ type: 'add', amount: 2 });
    if (state.addedThisTurn > 0) moves.push({ type: 'endTurn' });
    return moves;
  },

  decide(state, move, seat, random) {
    if (seat !== state.turn || finished(state)) return refuse('It is not your turn.', 'NOT_YOUR_TURN');
    const listed = findListedMove(this.legalMoves(state, seat), move);
    if (!listed) return refuse('That move is not allowed now.');
    if (listed.type === 'add') return accept([{ type: 'added', seat, amount: listed.amount }], true);
    return accept([{ type: 'cardDrawn', seat, card: 1 + random.int(9) }]);
  },

  evolve(state, event) {
    switch (event.type) {
      case 'dealt':
        return { ...state, turn: event.firstPlayer };
      case 'added':
        return { ...state, counter: state.counter + event.amount, addedThisTurn: state.addedThisTurn + event.amount };
      case 'cardDrawn':
        return {
          ...state,
          hands: state.hands.map((hand, i) => (i === event.seat ? drawInto(hand, event.card as number) : hand)),
          turn: (state.turn + 1) % state.seats,
          addedThisTurn: 0,
        };
    }
  },

  // The bigger add scores best, ending the turn least: a greedy bot adds 2, then 1, then ends its turn.
  botScore: (_view, move) => (move.type === 'add' ? move.amount : 0),

  view(state, viewer: Viewer) {
    return {
      counter: state.counter,
      target: state.target,
      turn: state.turn,
      addedThisTurn: state.addedThisTurn,
      hands: state.hands.map((hand, seat) =>
        viewer === 'all' || viewer === seat ? { cards: hand.recent, total: hand.total, count: hand.count } : { count: hand.count },
      ),
    };
  },

  redact(event, viewer) {
    if (event.type === 'cardDrawn' && viewer !== 'all' && viewer !== event.seat) return { type: event.type, seat: event.seat };
    return event;
  },

  describe(event, seatName) {
    switch (event.type) {
      case 'dealt':
        return `${seatName(event.firstPlayer)} goes first.`;
      case 'added':
        return `${seatName(event.seat)} added ${event.amount} to the counter.`;
      case 'cardDrawn':
        return event.card === undefined ? `${seatName(event.seat)} drew a card.` : `${seatName(event.seat)} drew a ${event.card}.`;
    }
  },

  status(state) {
    if (!finished(state)) return { phase: 'playing', activeSeats: [state.turn], finished: false };
    const scores = totals(state);
    const best = Math.max(...scores);
    return { phase: 'over', activeSeats: [], finished: true, scores, winners: scores.flatMap((s, i) => (s === best ? [i] : [])) };
  },
};

/** The test game breaking its contract: it lists only adds of 1, yet its `decide` accepts adds of 2 as well. */
export const countingAcceptingUnlisted: Ruleset<CountingState, Move, Event> = {
  ...countingGame,
  legalMoves: (state, seat) => countingGame.legalMoves(state, seat).filter((move) => move.type !== 'add' || move.amount === 1),
  decide: (state, move, seat, random) => countingGame.decide(state, move, seat, random),
};
