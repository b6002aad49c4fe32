/** Helpers shared by the Five Tribes specs: building positions and checking invariants. */
import { seededRandom, type Random } from '../../rules/random';
import { CARD_COUNTS, CARD_KINDS } from './data/cards';
import { DJINN_IDS } from './data/djinns';
import { COLORS, MEEPLE_COUNTS, type Color } from './data/meeples';
import { PALACES, PALM_TREES, TOTAL_COINS_VALUE, camelsPerSeat } from './data/supply';
import { TILES, type TileKind } from './data/tiles';
import { countItems, emptyCounts, expand, total } from './counts';
import type { Event } from './events';
import { toIndex, type Coord } from './grid';
import { fiveTribes } from './index';
import type { Move } from './moves';
import type { State, Step } from './state';

export function newGame(seats: number, seed = 'test'): State {
  const state = fiveTribes.initialState({ seats, options: {} });
  return fiveTribes.setup(state, seededRandom(seed)).reduce(fiveTribes.evolve, state);
}

/** A tile id of the given kind (and VP, when several exist). */
function tileIdOf(kind: TileKind, vp?: number): number {
  const id = TILES.findIndex((t) => t.kind === kind && (vp === undefined || t.vp === vp));
  if (id < 0) throw new Error(`no ${kind} tile`);
  return id;
}

/**
 * A board of chosen tiles and meeples: `layout` maps [row, col] to a tile
 * kind and meeple colours; every other square is an empty small market
 * (the same physical tile repeated, which only tests do).
 */
export function withBoard(
  state: State,
  layout: { at: Coord; kind?: TileKind; vp?: number; meeples?: Color[]; camel?: number; palms?: number; palaces?: number }[],
): State {
  const unused = TILES.map((_, id) => id);
  const take = (kind: TileKind, vp?: number) => {
    const at = unused.findIndex((id) => TILES[id].kind === kind && (vp === undefined || TILES[id].vp === vp));
    if (at < 0) throw new Error(`out of ${kind} tiles`);
    return unused.splice(at, 1)[0];
  };
  const specs = new Map(layout.map((spec) => [toIndex(spec.at), spec]));
  const chosen = new Map([...specs].map(([index, spec]) => [index, take(spec.kind ?? 'smallMarket', spec.vp)]));
  const board = Array.from({ length: 30 }, (_, index) => {
    const spec = specs.get(index);
    return {
      tile: chosen.get(index) ?? tileIdOf('smallMarket'),
      meeples: countItems(spec?.meeples ?? [], COLORS),
      camel: spec?.camel ?? null,
      palms: spec?.palms ?? 0,
      palaces: spec?.palaces ?? 0,
    };
  });
  return { ...state, board };
}

/** Puts `seat` in the middle of its turn at `step`. */
export function atStep(state: State, seat: number, step: Step, finalTile: Coord | null = null): State {
  return {
    ...state,
    phase: 'playing',
    bidTrack: [],
    turnTrack: state.turnTrack.map(() => null),
    turn: { seat, marker: seat, step, finalTile: finalTile && toIndex(finalTile), buildersDoubled: false },
  };
}

export function withPlayer(state: State, seat: number, change: Partial<State['players'][number]>): State {
  const players = state.players.slice();
  players[seat] = { ...players[seat], ...change };
  return { ...state, players };
}

export function cards(counts: Partial<Record<(typeof CARD_KINDS)[number], number>>) {
  return { ...emptyCounts(CARD_KINDS), ...counts };
}

/** Runs a move that must be accepted; returns the new state and its events. */
export function play(state: State, seat: number, move: Move, seed = 'play'): { state: State; events: Event[] } {
  const decision = fiveTribes.decide(state, move, seat, seededRandom(seed));
  if (!decision.ok) throw new Error(`refused ${JSON.stringify(move)}: ${decision.message}`);
  return { state: decision.events.reduce(fiveTribes.evolve, state), events: decision.events };
}

/** Throws when meeples, cards, Djinns, palm trees, palaces, camels or gold are not conserved. */
export function assertConserved(state: State): void {
  const step = state.turn?.step;
  for (const color of COLORS) {
    const onBoard = state.board.reduce((sum, sq) => sum + sq.meeples[color], 0);
    const inHand = step?.name === 'moving' ? step.hand[color] : 0;
    const inFront = state.players.reduce((sum, p) => sum + (color === 'yellow' ? p.viziers : color === 'white' ? p.elders : 0), 0);
    const count = onBoard + inHand + inFront + state.bag[color];
    if (count !== MEEPLE_COUNTS[color]) throw new Error(`${color} meeples: ${count}`);
    if (state.bag[color] < 0) throw new Error(`negative bag ${color}`);
  }
  for (const kind of CARD_KINDS) {
    const count =
      state.resourceDeck[kind] +
      state.resourceDiscard[kind] +
      state.resourceRow.filter((k) => k === kind).length +
      state.players.reduce((sum, p) => sum + p.cards[kind], 0);
    if (count !== CARD_COUNTS[kind]) throw new Error(`${kind} cards: ${count}`);
  }
  const djinns = [
    ...state.djinnDeck,
    ...state.djinnDiscard,
    ...state.djinnRow,
    ...state.players.flatMap((p) => p.djinns),
    ...(step?.name === 'sibittis' ? step.drawn : []),
  ].sort();
  if (JSON.stringify(djinns) !== JSON.stringify([...DJINN_IDS].sort())) throw new Error(`djinns: ${djinns}`);
  const palms = state.palmSupply + state.board.reduce((sum, sq) => sum + sq.palms, 0);
  const palaces = state.palaceSupply + state.board.reduce((sum, sq) => sum + sq.palaces, 0);
  if (palms !== PALM_TREES || palaces !== PALACES) throw new Error(`palms ${palms}, palaces ${palaces}`);
  state.players.forEach((p, seat) => {
    const placed = state.board.filter((sq) => sq.camel === seat).length;
    if (placed + p.camels !== camelsPerSeat(state.seats)) throw new Error(`camels of ${seat}`);
    if (p.gold < 0 || p.elders < 0 || p.viziers < 0 || total(p.cards) < 0) throw new Error(`negative holdings ${seat}`);
  });
  const gold = state.bank + state.players.reduce((sum, p) => sum + p.gold, 0);
  if (gold !== TOTAL_COINS_VALUE) throw new Error(`gold: ${gold}`);
}

/** Seat 0's turn with the given board, ready to pick up. */
export function turnStart(layout: Parameters<typeof withBoard>[1], seats = 3): State {
  return atStep(withBoard(newGame(seats), layout), 0, { name: 'start' });
}

/** Picks up `from` and drops its single meeple on `to`, completing the move. */
export function oneStepMove(state: State, from: Coord, to: Coord, color: Color) {
  const picked = play(state, 0, { type: 'pickUp', tile: from });
  const dropped = play(picked.state, 0, { type: 'drop', tile: to, color });
  return { state: dropped.state, events: [...picked.events, ...dropped.events] };
}

/**
 * The state with what `seat` cannot see changed, for the specs that check a
 * bot decides from its sight alone: the other seats' gold, the Djinn pile's
 * order, which resource cards lie in the pile and which in the discard (each
 * keeping its size), and the Djinns another seat drew with Sibittis.
 */
export function reshuffleHidden(state: State, seat: number, random: Random): State {
  const players = state.players.map((player, s) => (s === seat ? player : { ...player, gold: random.int(60) }));
  const unseen = random.shuffle([...expand(state.resourceDeck, CARD_KINDS), ...expand(state.resourceDiscard, CARD_KINDS)]);
  const deckSize = total(state.resourceDeck);
  let djinnDeck = random.shuffle(state.djinnDeck);
  let turn = state.turn;
  if (turn && turn.seat !== seat && turn.step.name === 'sibittis') {
    const pool = random.shuffle([...turn.step.drawn, ...djinnDeck]);
    const drawn = pool.slice(0, turn.step.drawn.length);
    djinnDeck = pool.slice(drawn.length);
    turn = { ...turn, step: { ...turn.step, drawn } };
  }
  return {
    ...state,
    players,
    resourceDeck: countItems(unseen.slice(0, deckSize), CARD_KINDS),
    resourceDiscard: countItems(unseen.slice(deckSize), CARD_KINDS),
    djinnDeck,
    turn,
  };
}
