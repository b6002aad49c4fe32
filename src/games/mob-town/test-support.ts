/** Helpers shared by the specs: building games, applying moves, and the conservation invariants. */
import type { GameOptions, Seat } from '../../rules/contract';
import { seededRandom, type Random } from '../../rules/random';
import { startGame } from '../../rules/playout';
import { AGENDAS } from './data/agendas';
import { MASTER_CRIMES, MOB_ACTIVITIES, COOP } from './data/coop';
import { ROUND_DECK } from './data/deck';
import { PROFESSIONALS } from './data/professionals';
import { PROPERTIES } from './data/properties';
import { GAME } from './data/rules';
import { evolve } from './evolve';
import type { MobTownEvent } from './events';
import { mobTown } from './index';
import type { Move } from './moves';
import { without } from './cards';
import { clearOutMoves } from './coop/clear-out';
import { shutDownMoves } from './coop/shut-down';
import type { Card } from './data/deck';
import type { Lot, Owner, State } from './state';
import type { CellKey } from './cells';

export const ALL_VARIANTS: GameOptions = { professionals: true, cityCards: true, landmarks: true, bigMoney: true };

export function newGame(seats: number, options: GameOptions = {}, seed = 'test'): State {
  return startGame<State>(mobTown, { seats, options }, seed).state;
}

/** Applies a move that must be accepted; returns the new state and the events. */
export function play(state: State, seat: Seat, move: Move, seed = 'play'): { state: State; events: MobTownEvent[] } {
  const decision = mobTown.decide(state, move, seat, seededRandom(seed));
  if (!decision.ok) throw new Error(`refused: ${decision.message} ${JSON.stringify(move)}`);
  return { state: decision.events.reduce(evolve, state), events: decision.events };
}

const ALL_CARDS = ROUND_DECK.join();
const ALL_PROPERTIES = PROPERTIES.map((p) => p.id)
  .sort()
  .join();
const ALL_PROFESSIONALS = PROFESSIONALS.map((p) => p.id)
  .sort()
  .join();

/**
 * What is not where it should be: every draw card, property, token,
 * briefcase, professional and mob card exactly once. Empty when all is well.
 * (Plain code rather than `expect`, so this file also builds without jest.)
 */
export function conservationProblems(state: State): string[] {
  const problems: string[] = [];
  const check = (ok: boolean, problem: string) => ok || problems.push(problem);
  const cards = [...state.players.flatMap((p) => p.hand), ...state.lineup, ...state.discard, ...state.deck].sort();
  check(cards.join() === ALL_CARDS, 'draw cards');
  const lots = [...Object.values(state.city).map((l) => l.card), ...state.openLot, ...state.propertyDeck];
  check(
    lots
      .filter((id) => PROPERTIES.some((p) => p.id === id))
      .sort()
      .join() === ALL_PROPERTIES,
    'property cards',
  );
  check(new Set(lots).size === lots.length, 'a property card twice');
  const tokens = Object.values(state.city).flatMap((l) => l.tokens);
  if (state.coop) {
    check(state.coop.mobTokens + tokens.length === COOP.mobTokens, 'mob tokens');
    const mob = [...state.coop.mobDeck, ...state.coop.mobDiscard].sort().join();
    const activities = MOB_ACTIVITIES.map((m) => m.id);
    const withCrimes = [...activities, ...MASTER_CRIMES.map((c) => c.id)].sort().join();
    check(mob === activities.sort().join() || (!state.options.coopNoMasterCrimes && mob === withCrimes), 'mob cards');
  } else {
    state.players.forEach((p, seat) => {
      check(p.tokens + tokens.filter((t) => t === seat).length === GAME.tokensPerPlayer, `tokens of seat ${seat}`);
      check(p.briefcases >= 0 && p.briefcases <= GAME.briefcasesPerPlayer, `briefcases of seat ${seat}`);
    });
  }
  if (state.professionals) {
    const { row, deck, discard } = state.professionals;
    check([...row, ...deck, ...discard, ...state.players.flatMap((p) => p.kept)].sort().join() === ALL_PROFESSIONALS, 'professionals');
  }
  return problems;
}

export interface Scenario {
  seats?: number;
  options?: GameOptions;
  /** Cell -> card id, or [card id, tokens bottom first]. */
  city: Record<CellKey, string | [string, Owner[]]>;
  hands?: Card[][];
  lineup?: Card[];
  openLot?: string[];
  agendas?: string[][];
  /** The draw deck; by default every card not in a hand or the lineup. The rest goes to the discard pile. */
  deck?: Card[];
  lawInDeck?: boolean;
  /** Whose turn it is (at the start of an action). */
  seat?: number;
  /** Co-op pawns and roles. */
  pawns?: CellKey[];
  roles?: string[];
}

/** A state in the middle of play, built by hand around a city. */
export function scenario(spec: Scenario): State {
  const seats = spec.seats ?? 2;
  const base = newGame(seats, spec.options ?? {});
  const city: Record<CellKey, Lot> = {};
  for (const [cell, entry] of Object.entries(spec.city)) {
    const [card, tokens] = typeof entry === 'string' ? [entry, []] : entry;
    city[cell] = { card, tokens, shutDown: false };
  }
  const used = Object.values(city).map((l) => l.card);
  const openLot = spec.openLot ?? base.openLot.filter((id) => !used.includes(id));
  const hands = spec.hands ?? base.players.map(() => []);
  const lineup = spec.lineup ?? [];
  const rest = [...hands.flat(), ...lineup].reduce(without, [...ROUND_DECK]);
  const deck = spec.deck ?? rest;
  const tokensOf = (owner: Owner) =>
    Object.values(city)
      .flatMap((l) => l.tokens)
      .filter((t) => t === owner).length;
  const coop = base.coop && { ...base.coop, mobBoss: 0, lawScore: 0, mobTokens: COOP.mobTokens - tokensOf('mob') };
  return {
    ...base,
    phase: 'play',
    city,
    lastPlaced: Object.keys(city)[Object.keys(city).length - 1],
    openLot,
    propertyDeck: PROPERTIES.map((p) => p.id).filter((id) => !used.includes(id) && !openLot.includes(id)),
    deck: [...deck].sort(),
    discard: spec.deck ? deck.reduce(without, rest) : [],
    lawInDeck: spec.lawInDeck ?? !base.coop,
    lineup,
    players: base.players.map((p, seat) => ({
      ...p,
      hand: [...hands[seat]].sort(),
      agendas: spec.agendas?.[seat] ?? ['most-types', 'highest-value'],
      tokens: base.coop ? 0 : GAME.tokensPerPlayer - tokensOf(seat),
      pawn: spec.pawns?.[seat] ?? null,
      role: spec.roles?.[seat] ?? null,
    })),
    coop,
    turn: { seat: spec.seat ?? 0, step: { kind: 'chooseAction' }, grants: [], actionsLeft: base.coop ? COOP.actionsPerTurn : 1, freeDrawUsed: false },
  };
}

export function legal(state: State, seat = state.turn!.seat): Move[] {
  return mobTown.legalMoves(state, seat);
}

export const ofType = <T extends Move['type']>(moves: Move[], type: T) => moves.filter((m) => m.type === type) as Extract<Move, { type: T }>[];

type Chooser = (moves: unknown[], state: State, seat: number, pick: (n: number) => number) => unknown;

const firstOfTypes = (moves: Move[], types: Move['type'][], pick: (n: number) => number): Move | undefined => {
  for (const type of types) {
    const found = moves.filter((m) => m.type === type);
    if (found.length) return found[pick(found.length)];
  }
  return undefined;
};

/** Competitive playouts that take over whenever they can (more connection costs and full token supplies). */
export const eagerTakeOvers: Chooser = (moves, _state, _seat, pick) =>
  firstOfTypes(moves as Move[], ['pay', 'takeOver', 'pick', 'cashIn', 'trade', 'draw'], pick) ?? moves[pick(moves.length)];

/**
 * Co-op playouts that play like a careless but willing team: shut down or
 * clear out where they stand, else walk to where they could, else gather
 * cards. It wins some games and loses others.
 */
export const willingTeam: Chooser = (listed, state, seat, pick) => {
  const moves = listed as Move[];
  const now = firstOfTypes(moves, ['pay', 'shutDown', 'clearOut', 'stop'], pick);
  if (now) return now;
  const usefulness = (cell: [number, number]) => {
    const there = { ...state, players: state.players.map((p, i) => (i === seat ? { ...p, pawn: cell.join() } : p)) };
    return shutDownMoves(there, seat).length ? 2 : clearOutMoves(there, seat).length ? 1 : 0;
  };
  const walks = moves.flatMap((m) => (m.type === 'move' && usefulness(m.cell) ? [{ move: m, value: usefulness(m.cell) }] : []));
  if (walks.length) return walks.sort((a, b) => b.value - a.value)[0].move;
  return firstOfTypes(moves, ['pick', 'cashIn', 'draw'], pick) ?? moves[pick(moves.length)];
};

/**
 * The state with what `seat` cannot see changed, for the specs that check a
 * bot decides from its sight alone: the other seats' hands dealt again from
 * them and the deck (each keeping its size), their agendas drawn again, and
 * every face-down pile in another order.
 */
export function reshuffleHidden(state: State, seat: Seat, random: Random): State {
  const unseen = random.shuffle([...state.deck, ...state.players.flatMap((p, s) => (s === seat ? [] : p.hand))]);
  const deal = (count: number): Card[] => unseen.splice(0, count).sort();
  const players = state.players.map((player, s) =>
    s === seat ? player : { ...player, hand: deal(player.hand.length), agendas: random.shuffle(AGENDAS.map((a) => a.id)).slice(0, player.agendas.length) },
  );
  return {
    ...state,
    players,
    deck: unseen.sort(),
    propertyDeck: random.shuffle(state.propertyDeck),
    cityCardDeck: random.shuffle(state.cityCardDeck),
    professionals: state.professionals && { ...state.professionals, deck: random.shuffle(state.professionals.deck) },
    coop: state.coop && { ...state.coop, mobDeck: random.shuffle(state.coop.mobDeck) },
  };
}
