/**
 * Folds one event into the state without modifying it: each case copies only
 * what the event changes. Never draws, never reads a clock.
 */
import type { Seat } from '../../rules/contract';
import { COOP, MOB_ACTIVITIES } from './data/coop';
import { ROUND_DECK, type Card } from './data/deck';
import { PROFESSIONALS } from './data/professionals';
import { PROPERTIES } from './data/properties';
import { GAME } from './data/rules';
import { without, withAdded } from './cards';
import type { MobTownEvent } from './events';
import { isCoop, updatePlayer, type Lot, type ScoreTally, type SeatRoundScore, type State, type Turn } from './state';
import type { CellKey } from './cells';

export function evolve(state: State, event: MobTownEvent): State {
  switch (event.type) {
    case 'roundStarted':
      return startRound(state, event);
    case 'professionalsRevealed': {
      const pros = state.professionals!;
      const deck = event.professionals.reduce(without, pros.deck);
      return { ...state, professionals: { ...pros, deck, row: [...pros.row, ...event.professionals] } };
    }
    case 'professionalsReshuffled': {
      const pros = state.professionals!;
      return { ...state, professionals: { row: pros.row, deck: withAdded(pros.deck, ...pros.discard), discard: [] } };
    }
    case 'professionalHired': {
      const pros = state.professionals!;
      const pro = PROFESSIONALS.find((p) => p.id === event.professional)!;
      return {
        ...state,
        professionals: {
          ...pros,
          row: without(pros.row, event.professional),
          discard: pro.keep ? pros.discard : [...pros.discard, event.professional],
        },
        players: pro.keep ? updatePlayer(state, event.seat, (p) => ({ kept: [...p.kept, event.professional] })) : state.players,
        turn: pro.keep ? state.turn : { ...state.turn!, grants: [...pro.grants] },
      };
    }
    case 'agendaChosen':
      return { ...state, players: updatePlayer(state, event.seat, (p) => ({ agendas: [...p.agendas, event.agenda!] })) };
    case 'agendaSwapped':
      return {
        ...state,
        players: updatePlayer(state, event.seat, (p) => ({ agendas: [...without(p.agendas, event.returned!), event.chosen!] })),
      };
    case 'turnStarted':
      return {
        ...state,
        phase: 'play',
        turn: { seat: event.seat, step: { kind: 'chooseAction' }, grants: [], actionsLeft: event.actions, freeDrawUsed: false },
      };
    case 'stepBegan':
      return withTurn(state, { step: event.step });
    case 'grantTaken':
      return withTurn(state, { grants: state.turn!.grants.slice(1) });
    case 'actionChosen':
      return withTurn(state, { coopActions: [...(state.turn!.coopActions ?? []), event.action] });
    case 'actionDone':
      return withTurn(state, { actionsLeft: state.turn!.actionsLeft - 1 });
    case 'freeDrawUsed':
      return withTurn(state, { freeDrawUsed: true });
    case 'turnEnded':
      return { ...state, turn: null };
    case 'stepSkipped':
      return state;
    case 'cardsDrawn':
      return {
        ...state,
        deck: event.cards!.reduce(without, state.deck),
        players: updatePlayer(state, event.seat, (p) => ({ hand: withAdded(p.hand, ...event.cards!) })),
      };
    case 'lawDrawn':
      return { ...state, lawInDeck: false, lawDrawnBy: event.seat, turn: null, phase: 'roundOver' };
    case 'traded':
      return {
        ...state,
        lineup: [...event.took.reduce(without, state.lineup), event.gave],
        players: updatePlayer(state, event.seat, (p) => ({ hand: withAdded(without(p.hand, event.gave), ...event.took) })),
      };
    case 'cashedIn':
      return {
        ...state,
        discard: [...state.discard, 'cash'],
        players: updatePlayer(state, event.seat, (p) => ({ hand: without(p.hand, 'cash') })),
      };
    case 'lineupCardTaken':
      return {
        ...state,
        lineup: without(state.lineup, event.card),
        players: updatePlayer(state, event.seat, (p) => ({ hand: withAdded(p.hand, event.card) })),
      };
    case 'lineupRefilled':
      return { ...state, deck: event.cards.reduce(without, state.deck), lineup: [...state.lineup, ...event.cards] };
    case 'cardPaid':
      return payCard(state, event.seat, event.card, event.to);
    case 'tokenPlaced':
      return {
        ...state,
        city: withLot(state, event.cell, (lot) => ({ tokens: [...lot.tokens, event.seat] })),
        players: updatePlayer(state, event.seat, (p) => ({ tokens: p.tokens - 1 })),
      };
    case 'briefcaseSpent':
      return { ...state, players: updatePlayer(state, event.seat, (p) => ({ briefcases: p.briefcases - 1 })) };
    case 'lotPlaced':
      return { ...placeLot(state, event.cell, event.card), openLot: without(state.openLot, event.card) };
    case 'openLotRefilled':
      return { ...state, propertyDeck: without(state.propertyDeck, event.card), openLot: [...state.openLot, event.card] };
    case 'roundScored':
      return endRound(state, event.results);
    case 'gameEnded':
      return {
        ...state,
        phase: 'finished',
        turn: null,
        result: event.result,
        players: state.players.map((p, seat) => ({ ...p, score: p.score + event.briefcasePoints[seat] })),
        tally: state.tally && { ...state.tally, briefcases: addPoints(state.tally.briefcases, event.briefcasePoints) },
      };
    case 'roleChosen': {
      const players = updatePlayer(state, event.seat, () => ({ role: event.role }));
      return { ...state, players, phase: players.every((p) => p.role) ? 'pawns' : 'roles' };
    }
    case 'pawnPlaced':
    case 'pawnMoved':
      return { ...state, players: updatePlayer(state, event.seat, () => ({ pawn: event.cell })) };
    case 'tokensCleared': {
      const coop = state.coop!;
      return {
        ...state,
        city: withLot(state, event.cell, (lot) => ({ tokens: lot.tokens.slice(0, lot.tokens.length - event.count) })),
        coop: { ...coop, mobTokens: coop.mobTokens + event.count },
      };
    }
    case 'propertyShutDown':
      return {
        ...state,
        city: withLot(state, event.cell, () => ({ shutDown: true })),
        coop: { ...state.coop!, lawScore: state.coop!.lawScore + event.points },
      };
    case 'businessExpanded':
      return { ...placeLot(state, event.cell, event.card), propertyDeck: without(state.propertyDeck, event.card) };
    case 'mobActivityDrawn': {
      const coop = state.coop!;
      return { ...state, coop: { ...coop, mobDeck: without(coop.mobDeck, event.card), mobDiscard: [...coop.mobDiscard, event.card] } };
    }
    case 'mobDeckReshuffled': {
      const coop = state.coop!;
      return { ...state, coop: { ...coop, mobDeck: withAdded(coop.mobDeck, ...coop.mobDiscard), mobDiscard: [] } };
    }
    case 'masterCrimesShuffledIn':
      return { ...state, coop: { ...state.coop!, mobDeck: withAdded(state.coop!.mobDeck, ...event.crimes) } };
    case 'mobTokenPlaced':
      return {
        ...state,
        city: withLot(state, event.cell, (lot) => ({ tokens: [...lot.tokens, 'mob'] })),
        coop: { ...state.coop!, mobTokens: state.coop!.mobTokens - 1 },
      };
    case 'mobBossAdvanced':
      return { ...state, coop: { ...state.coop!, mobBoss: state.coop!.mobBoss + event.spaces } };
  }
}

function withTurn(state: State, change: Partial<Turn>): State {
  return { ...state, turn: { ...state.turn!, ...change } };
}

function withLot(state: State, cell: CellKey, change: (lot: Lot) => Partial<Lot>): Record<CellKey, Lot> {
  const lot = state.city[cell];
  return { ...state.city, [cell]: { ...lot, ...change(lot) } };
}

function placeLot(state: State, cell: CellKey, card: string): State {
  return { ...state, city: { ...state.city, [cell]: { card, tokens: [], shutDown: false } }, lastPlaced: cell };
}

function payCard(state: State, seat: Seat, card: Card, to: Seat | null): State {
  let players = updatePlayer(state, seat, (p) => ({ hand: without(p.hand, card) }));
  if (to === null) return { ...state, players, discard: [...state.discard, card] };
  players = players.map((p, i) => (i === to ? { ...p, hand: withAdded(p.hand, card) } : p));
  return { ...state, players };
}

/** A fresh round: every draw card, token and property comes back; briefcases and scores stay. */
function startRound(state: State, event: Extract<MobTownEvent, { type: 'roundStarted' }>): State {
  const hands = event.hands.map((hand) => [...hand!].sort());
  const dealt = [...hands.flat(), ...event.lineup];
  const used = [...event.city.map((c) => c.card), ...event.openLot];
  const coop = isCoop(state);
  const city: Record<CellKey, Lot> = {};
  for (const { cell, card } of event.city) city[cell] = { card, tokens: [], shutDown: false };
  const discardedPros = state.players.flatMap((p) => p.kept);
  return {
    ...state,
    phase: coop ? 'roles' : 'agendas',
    round: event.round,
    city,
    lastPlaced: event.city[event.city.length - 1].cell,
    propertyDeck: PROPERTIES.map((p) => p.id).filter((id) => !used.includes(id)),
    openLot: event.openLot,
    deck: dealt.reduce(without, ROUND_DECK as Card[]),
    lawInDeck: !coop,
    lineup: event.lineup,
    discard: [],
    players: state.players.map((p, seat) => ({
      ...p,
      hand: hands[seat],
      agendas: [],
      tokens: coop ? 0 : GAME.tokensPerPlayer,
      briefcases: event.round === 1 && !coop ? GAME.briefcasesPerPlayer : p.briefcases,
      kept: [],
    })),
    firstSeat: event.firstSeat,
    turn: null,
    lawDrawnBy: null,
    professionals: state.professionals && { ...state.professionals, discard: [...state.professionals.discard, ...discardedPros] },
    cityCard: event.cityCard,
    cityCardDeck: event.cityCard ? without(state.cityCardDeck, event.cityCard) : state.cityCardDeck,
    coop: coop ? { mobBoss: 0, lawScore: 0, mobDeck: MOB_ACTIVITIES.map((m) => m.id), mobDiscard: [], mobTokens: COOP.mobTokens } : null,
  };
}

function endRound(state: State, results: SeatRoundScore[]): State {
  const gained = Object.fromEntries(results.map((r) => [r.seat, r.total]));
  return {
    ...state,
    lastScoring: results,
    players: state.players.map((p, seat) => ({ ...p, score: p.score + (gained[seat] ?? 0) })),
    tally: state.tally && tallyRound(state.tally, results),
  };
}

function tallyRound(tally: ScoreTally, results: SeatRoundScore[]): ScoreTally {
  const gained = (points: (result: SeatRoundScore) => number) => {
    const bySeat = tally.properties.map(() => 0);
    for (const result of results) bySeat[result.seat] = points(result);
    return bySeat;
  };
  return {
    properties: addPoints(
      tally.properties,
      gained((r) => r.properties),
    ),
    agendas: addPoints(
      tally.agendas,
      gained((r) => r.agendaPoints),
    ),
    bonuses: addPoints(
      tally.bonuses,
      gained((r) => r.bonus),
    ),
    briefcases: tally.briefcases,
  };
}

function addPoints(points: number[], more: readonly number[]): number[] {
  return points.map((p, seat) => p + (more[seat] ?? 0));
}
