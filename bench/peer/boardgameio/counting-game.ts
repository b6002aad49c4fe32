/**
 * The test ruleset's counting game (test/support/counting-game.ts) as a
 * boardgame.io game, so that both servers of the peer benchmark serve the
 * same game: on your turn `add` 1 or 2 to the shared counter (at most 3 per
 * turn), then `endTurn`, which draws a secret card (1-9) for you; when the
 * counter reaches the target, the highest card total wins. A hand keeps its
 * total and its latest cards only, and other players' cards are hidden.
 *
 * Written as boardgame.io's documentation writes games (immer-style
 * mutation of G, `events.endTurn`, `random.Die`, `playerView`): boardgame.io
 * keeps its own turn order, so the seat to play is `ctx.currentPlayer`
 * rather than a field of G.
 */
import type { Ctx, Game } from 'boardgame.io';
import { INVALID_MOVE } from 'boardgame.io/core';

interface Hand {
  count: number;
  total: number;
  /** The latest cards, newest last. */
  recent: number[];
}

export interface CountingG {
  target: number;
  counter: number;
  addedThisTurn: number;
  firstPlayer: number;
  hands: Hand[];
}

export interface CountingSetup {
  target?: number;
}

const RECENT_CARDS = 5;
const MOST_PER_TURN = 3;
const DEFAULT_TARGET = 10;
const LARGEST_TARGET = 10_000_000;

const finished = (G: CountingG) => G.counter >= G.target;

function nextSeat(ctx: Ctx): number {
  return (ctx.playOrderPos + 1) % ctx.numPlayers;
}

export const countingGame: Game<CountingG, Record<string, unknown>, CountingSetup> = {
  name: 'counting',
  minPlayers: 2,
  maxPlayers: 4,

  validateSetupData: (setupData) => {
    const target = setupData?.target ?? DEFAULT_TARGET;
    return Number.isInteger(target) && target >= 3 && target <= LARGEST_TARGET ? undefined : 'target must be an integer from 3 to 10,000,000';
  },

  setup: ({ ctx, random }, setupData) => ({
    target: setupData?.target ?? DEFAULT_TARGET,
    counter: 0,
    addedThisTurn: 0,
    firstPlayer: random.Die(ctx.numPlayers) - 1,
    hands: Array.from({ length: ctx.numPlayers }, () => ({ count: 0, total: 0, recent: [] })),
  }),

  turn: {
    order: { first: ({ G }) => G.firstPlayer, next: ({ ctx }) => nextSeat(ctx) },
    onBegin: ({ G }) => {
      G.addedThisTurn = 0;
    },
  },

  moves: {
    add: ({ G }, amount: number) => {
      if ((amount !== 1 && amount !== 2) || G.addedThisTurn + amount > MOST_PER_TURN) return INVALID_MOVE;
      G.counter += amount;
      G.addedThisTurn += amount;
    },
    endTurn: ({ G, playerID, random, events }) => {
      if (G.addedThisTurn === 0) return INVALID_MOVE;
      const hand = G.hands[Number(playerID)];
      const card = random.Die(9);
      hand.count += 1;
      hand.total += card;
      hand.recent = [...hand.recent, card].slice(-RECENT_CARDS);
      events.endTurn();
    },
  },

  endIf: ({ G }) => {
    if (!finished(G)) return undefined;
    const scores = G.hands.map((hand) => hand.total);
    const best = Math.max(...scores);
    return { scores, winners: scores.flatMap((score, seat) => (score === best ? [seat] : [])) };
  },

  // Every hand shows once the game is over, as the server shows finished games whole.
  playerView: ({ G, ctx, playerID }) =>
    ctx.gameover !== undefined ? G : { ...G, hands: G.hands.map((hand, seat) => (String(seat) === playerID ? hand : { count: hand.count })) },
};
