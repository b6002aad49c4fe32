/** Folds one event into the state. Never mutates its input and never draws. */
import type { Seat } from '../../rules/contract';
import { CARD_COUNTS, CARD_KINDS } from './data/cards';
import { DJINN_IDS, type DjinnId } from './data/djinns';
import { COLORS, MEEPLE_COUNTS, type Color } from './data/meeples';
import { ZERO_AISLE_SPOT } from './data/track';
import { addAll, addCount, addCounts, countItems, emptyCounts } from './counts';
import type { Event, EventOf } from './events';
import type { PlayerState, State, Step, TileState, Turn } from './state';

function updatePlayer(state: State, seat: Seat, change: (player: PlayerState) => PlayerState): State {
  const players = state.players.slice();
  players[seat] = change(players[seat]);
  return { ...state, players };
}

function updateSquare(state: State, index: number, change: (square: TileState) => TileState): State {
  const board = state.board.slice();
  board[index] = change(board[index]);
  return { ...state, board };
}

function updateTurn(state: State, change: (turn: Turn) => Turn): State {
  if (!state.turn) throw new Error('no turn in progress');
  return { ...state, turn: change(state.turn) };
}

function updateStep<N extends Step['name']>(state: State, change: (step: Extract<Step, { name: N }>) => Step): State {
  return updateTurn(state, (turn) => ({ ...turn, step: change(turn.step as Extract<Step, { name: N }>) }));
}

/** Keeps the Djinn draw pile in a fixed order: its order is never information. */
function sortDjinns(djinns: readonly DjinnId[]): DjinnId[] {
  return DJINN_IDS.filter((id) => djinns.includes(id));
}

function applySetup(state: State, event: EventOf<'setup'>): State {
  const board: TileState[] = event.board.map(({ tile, meeples }) => ({
    tile,
    meeples: countItems(meeples, COLORS),
    camel: null,
    palms: 0,
    palaces: 0,
  }));
  const bag = addAll(
    MEEPLE_COUNTS,
    event.board.flatMap((square) => square.meeples),
    -1,
  );
  return {
    ...state,
    phase: 'bidding',
    round: 1,
    board,
    bag,
    resourceRow: event.resourceRow,
    resourceDeck: addAll(CARD_COUNTS, event.resourceRow, -1),
    djinnRow: event.djinnRow,
    djinnDeck: DJINN_IDS.filter((id) => !event.djinnRow.includes(id)),
    bidTrack: event.bidTrack,
  };
}

function applyBid(state: State, event: EventOf<'bid'>): State {
  const turnTrack = state.turnTrack.slice();
  if (event.spot === ZERO_AISLE_SPOT) {
    // The newcomer takes the first zero; earlier zero bids are pushed down the aisle.
    turnTrack.splice(ZERO_AISLE_SPOT, 0, event.marker);
    turnTrack.length = state.turnTrack.length;
  } else {
    turnTrack[event.spot] = event.marker;
  }
  const paid = updatePlayer(state, event.seat, (p) => ({
    ...p,
    gold: p.gold - event.cost,
    cards: addCount(p.cards, 'fakir', -event.fakirs),
    djinnsUsed: event.fakirs > 0 ? [...p.djinnsUsed, 'kumarbi'] : p.djinnsUsed,
  }));
  return {
    ...paid,
    bank: state.bank + event.cost,
    resourceDiscard: addCount(state.resourceDiscard, 'fakir', event.fakirs),
    bidTrack: state.bidTrack.filter((m) => m !== event.marker),
    turnTrack,
  };
}

function applyKill(state: State, event: EventOf<'meepleKilled'>): State {
  const removed =
    event.tile !== null
      ? updateSquare(state, event.tile, (sq) => ({ ...sq, meeples: addCount(sq.meeples, event.color, -1) }))
      : updatePlayer(state, event.victim as Seat, (p) => takeFromFront(p, event.color, -1));
  if (event.keptByKiller) return updatePlayer(removed, event.seat, (p) => takeFromFront(p, event.color, 1));
  return { ...removed, bag: addCount(removed.bag, event.color, 1) };
}

/** Viziers and Elders held in front of a player. */
function takeFromFront(player: PlayerState, color: Color, delta: number): PlayerState {
  return color === 'yellow' ? { ...player, viziers: player.viziers + delta } : { ...player, elders: player.elders + delta };
}

function applyCollect(state: State, event: EventOf<'meeplesCollected'>): State {
  const taken = updateSquare(state, event.tile, (sq) => ({
    ...sq,
    meeples: addCount(sq.meeples, event.color, -event.count),
  }));
  const withFinal = updateTurn(taken, (turn) => ({ ...turn, finalTile: event.tile }));
  if (event.to === 'player') return updatePlayer(withFinal, event.seat, (p) => takeFromFront(p, event.color, event.count));
  return { ...withFinal, bag: addCount(withFinal.bag, event.color, event.count) };
}

function takeRowCards(state: State, event: EventOf<'rowCardsTaken'>): State {
  return {
    ...updatePlayer(state, event.seat, (p) => ({ ...p, cards: addAll(p.cards, event.cards) })),
    resourceRow: state.resourceRow.filter((_, position) => !event.positions.includes(position)),
  };
}

export function evolve(state: State, event: Event): State {
  switch (event.type) {
    case 'setup':
      return applySetup(state, event);
    case 'roundStarted':
      return {
        ...state,
        phase: 'bidding',
        round: event.round,
        players: state.players.map((p) => (p.djinnsUsed.length ? { ...p, djinnsUsed: [] } : p)),
      };
    case 'bid':
      return applyBid(state, event);
    case 'turnStarted':
      return {
        ...state,
        phase: 'playing',
        turnTrack: state.turnTrack.map((m) => (m === event.marker ? null : m)),
        bidTrack: [...state.bidTrack, event.marker],
        turn: { seat: event.seat, marker: event.marker, step: { name: 'start' }, finalTile: null, buildersDoubled: false },
      };
    case 'step':
      return updateTurn(state, (turn) => ({ ...turn, step: event.step }));
    case 'pickedUp': {
      const hand = state.board[event.tile].meeples;
      const emptied = updateSquare(state, event.tile, (sq) => ({ ...sq, meeples: emptyCounts(COLORS) }));
      return updateTurn(emptied, (turn) => ({ ...turn, step: { name: 'moving', origin: event.tile, hand, path: [] } }));
    }
    case 'dropped': {
      const placed = updateSquare(state, event.tile, (sq) => ({ ...sq, meeples: addCount(sq.meeples, event.color, 1) }));
      return updateStep<'moving'>(placed, (step) => ({
        ...step,
        hand: addCount(step.hand, event.color, -1),
        path: [...step.path, event.tile],
      }));
    }
    case 'meeplesCollected':
      return applyCollect(state, event);
    case 'tileCaptured': {
      const owned = updateSquare(state, event.tile, (sq) => ({ ...sq, camel: event.seat }));
      return updatePlayer(owned, event.seat, (p) => ({ ...p, camels: p.camels - 1 }));
    }
    case 'endTriggered':
      return state.endTrigger ? state : { ...state, endTrigger: event.reason };
    case 'gold':
      return { ...updatePlayer(state, event.seat, (p) => ({ ...p, gold: p.gold + event.amount })), bank: state.bank - event.amount };
    case 'rowCardsTaken':
      return takeRowCards(state, event);
    case 'cardsDrawn':
      return {
        ...updatePlayer(state, event.seat, (p) => ({ ...p, cards: addAll(p.cards, event.cards) })),
        resourceDeck: addAll(state.resourceDeck, event.cards, -1),
      };
    case 'resourcesReshuffled':
      return {
        ...state,
        resourceDeck: addCounts(state.resourceDeck, state.resourceDiscard),
        resourceDiscard: emptyCounts(CARD_KINDS),
      };
    case 'djinnsReshuffled':
      return { ...state, djinnDeck: sortDjinns([...state.djinnDeck, ...state.djinnDiscard]), djinnDiscard: [] };
    case 'fakirsDiscarded':
      return {
        ...updatePlayer(state, event.seat, (p) => ({ ...p, cards: addCount(p.cards, 'fakir', -event.count) })),
        resourceDiscard: addCount(state.resourceDiscard, 'fakir', event.count),
      };
    case 'eldersSpent':
      return {
        ...updatePlayer(state, event.seat, (p) => ({ ...p, elders: p.elders - event.count })),
        bag: addCount(state.bag, 'white', event.count),
      };
    case 'merchandiseSold':
      return {
        ...updatePlayer(state, event.seat, (p) => ({ ...p, cards: addAll(p.cards, event.kinds, -1) })),
        resourceDiscard: addAll(state.resourceDiscard, event.kinds),
      };
    case 'meepleKilled':
      return applyKill(state, event);
    case 'structurePlaced': {
      const built = updateSquare(state, event.tile, (sq) => (event.structure === 'palm' ? { ...sq, palms: sq.palms + 1 } : { ...sq, palaces: sq.palaces + 1 }));
      return event.structure === 'palm' ? { ...built, palmSupply: state.palmSupply - 1 } : { ...built, palaceSupply: state.palaceSupply - 1 };
    }
    case 'djinnTaken': {
      const owned = updatePlayer(state, event.seat, (p) => ({ ...p, djinns: [...p.djinns, event.djinn] }));
      return event.from === 'row' ? { ...owned, djinnRow: state.djinnRow.filter((d) => d !== event.djinn) } : owned;
    }
    case 'djinnUsed':
      return updatePlayer(state, event.seat, (p) => ({ ...p, djinnsUsed: [...p.djinnsUsed, event.djinn] }));
    case 'buildersDoubled':
      return updateTurn(state, (turn) => ({ ...turn, buildersDoubled: true }));
    case 'meeplesDrawn': {
      const drawn = updateSquare(state, event.tile, (sq) => ({ ...sq, meeples: addAll(sq.meeples, event.meeples) }));
      return { ...drawn, bag: addAll(state.bag, event.meeples, -1) };
    }
    case 'sibittisDrawn': {
      const drawn = { ...state, djinnDeck: state.djinnDeck.filter((d) => !event.djinns.includes(d)) };
      // A reshuffle in the middle of the draw splits it into two events.
      return updateTurn(drawn, (turn) => ({
        ...turn,
        step: {
          name: 'sibittis',
          drawn: turn.step.name === 'sibittis' ? [...turn.step.drawn, ...event.djinns] : event.djinns,
          resume: event.resume,
        },
      }));
    }
    case 'djinnsDiscarded':
      return { ...state, djinnDiscard: [...state.djinnDiscard, ...event.djinns] };
    case 'turnEnded':
      return { ...state, turn: null };
    case 'rowsRefilled':
      return {
        ...state,
        resourceRow: [...state.resourceRow, ...event.resources],
        resourceDeck: addAll(state.resourceDeck, event.resources, -1),
        djinnRow: [...state.djinnRow, ...event.djinns],
        djinnDeck: state.djinnDeck.filter((d) => !event.djinns.includes(d)),
      };
    case 'gameFinished':
      return { ...state, phase: 'finished', turn: null, scores: event.scores };
  }
}
