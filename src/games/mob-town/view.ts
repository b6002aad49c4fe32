/**
 * What a viewer sees, and how events are masked. A seat sees its own hand
 * and agendas; everyone else only counts, until the game ends. Nobody ever
 * sees the deck's contents or order (the state keeps no order). `'all'`
 * sees everything else.
 */
import type { RulesEvent, Seat, Viewer } from '../../rules/contract';
import { AGENDAS } from './data/agendas';
import { CITY_CARDS } from './data/city-cards';
import { ROLES } from './data/coop';
import { LANDMARKS } from './data/landmarks';
import { PROFESSIONALS } from './data/professionals';
import { controller } from './city';
import { lotCard } from './cards';
import type { MobTownEvent } from './events';
import { activeSeats } from './legal-moves';
import type { State } from './state';
import { compareCells, toCell } from './cells';

/** Hidden information stays hidden until the game ends. */
const canSee = (state: State, viewer: Viewer, seat: Seat) => viewer === 'all' || viewer === seat || state.phase === 'finished';

function agendaView(id: string) {
  const { name } = AGENDAS.find((a) => a.id === id)!;
  return { id, name };
}

function lotCardView(id: string) {
  const card = lotCard(id);
  const landmark = LANDMARKS.find((l) => l.id === id);
  return { ...card, text: landmark?.text ?? null };
}

function cityView(state: State) {
  const keys = Object.keys(state.city).sort(compareCells);
  const cells = keys.map(toCell);
  return {
    bounds: cells.length
      ? {
          top: Math.min(...cells.map(([r]) => r)),
          bottom: Math.max(...cells.map(([r]) => r)),
          left: Math.min(...cells.map(([, c]) => c)),
          right: Math.max(...cells.map(([, c]) => c)),
        }
      : null,
    cells: keys.map((key) => {
      const lot = state.city[key];
      return { cell: toCell(key), card: lotCardView(lot.card), tokens: lot.tokens, controller: controller(lot), shutDown: lot.shutDown };
    }),
  };
}

export function view(state: State, viewer: Viewer) {
  return {
    mode: state.options.mode,
    options: state.options,
    phase: state.phase,
    round: state.round,
    activeSeats: activeSeats(state),
    turn: state.turn,
    city: cityView(state),
    openLot: state.openLot.map(lotCardView),
    propertyDeckCount: state.propertyDeck.length,
    lineup: state.lineup,
    /** Cards left in the draw deck, counting the Law while it is there. */
    deckCount: state.deck.length + (state.lawInDeck ? 1 : 0),
    discard: state.discard,
    cityCard: CITY_CARDS.find((c) => c.id === state.cityCard) ?? null,
    professionals: state.professionals && {
      row: state.professionals.row.map((id) => PROFESSIONALS.find((p) => p.id === id)),
      deckCount: state.professionals.deck.length,
      discard: state.professionals.discard,
    },
    players: state.players.map((p, seat) => ({
      seat,
      score: p.score,
      briefcases: p.briefcases,
      tokens: p.tokens,
      handCount: p.hand.length,
      hand: canSee(state, viewer, seat) ? p.hand : null,
      agendaCount: p.agendas.length,
      agendas: canSee(state, viewer, seat) ? p.agendas.map(agendaView) : null,
      kept: p.kept.map((id) => PROFESSIONALS.find((pro) => pro.id === id)),
      role: ROLES.find((r) => r.id === p.role) ?? null,
      pawn: p.pawn && toCell(p.pawn),
    })),
    /** The last round's breakdown; its agendas were revealed when it was scored. */
    lastScoring: state.lastScoring,
    coop: state.coop && {
      mobBoss: state.coop.mobBoss,
      lawScore: state.coop.lawScore,
      mobTokens: state.coop.mobTokens,
      mobDeckCount: state.coop.mobDeck.length,
      mobDiscard: state.coop.mobDiscard,
    },
    result: state.result,
  };
}

export function redact(event: MobTownEvent, viewer: Viewer): RulesEvent {
  if (viewer === 'all') return event;
  switch (event.type) {
    case 'roundStarted':
      return { ...event, hands: event.hands.map((hand, seat) => (seat === viewer ? hand : null)) };
    case 'cardsDrawn': {
      if (viewer === event.seat) return event;
      const { cards: _hidden, ...visible } = event;
      return visible;
    }
    case 'agendaChosen':
      return viewer === event.seat ? event : { ...event, agenda: null };
    case 'agendaSwapped':
      return viewer === event.seat ? event : { ...event, returned: null, chosen: null };
    default:
      return event;
  }
}
