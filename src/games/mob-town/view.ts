/**
 * What a viewer sees, and how events are masked. A seat sees its own hand
 * and agendas; everyone else only counts, until the game ends. Nobody ever
 * sees the deck's contents or order (the state keeps no order). `'all'`
 * sees everything else.
 */
import type { RulesEvent, Seat, Viewer } from '../../rules/contract';
import { AGENDAS } from './data/agendas';
import { CITY_CARDS, type CityCardDef } from './data/city-cards';
import { ROLES, type RoleDef } from './data/coop';
import type { Card } from './data/deck';
import { LANDMARKS } from './data/landmarks';
import { PROFESSIONALS, type ProfessionalDef } from './data/professionals';
import type { LotCardDef } from './data/properties';
import { controller } from './city';
import { lotCard } from './cards';
import type { MobTownEvent } from './events';
import { activeSeats } from './legal-moves';
import type { MobTownOptions } from './options';
import type { GameResult, Owner, Phase, SeatRoundScore, State, Turn } from './state';
import { inBoardOrder, toCell, type Cell } from './cells';

/** What a viewer sees of the game: what the page draws. Cells are `[row, col]`. */
export interface MobTownView {
  mode: MobTownOptions['mode'];
  options: MobTownOptions;
  phase: Phase;
  round: number;
  activeSeats: Seat[];
  turn: Turn | null;
  city: CityView;
  openLot: LotCardView[];
  propertyDeckCount: number;
  lineup: Card[];
  /** Cards left in the draw deck, counting the Law while it is there. */
  deckCount: number;
  discard: Card[];
  cityCard: CityCardDef | null;
  /** With the Professionals variant. */
  professionals: { row: ProfessionalDef[]; deckCount: number; discard: string[] } | null;
  players: PlayerHoldings[];
  /** The last round's breakdown; its agendas were revealed when it was scored. */
  lastScoring: SeatRoundScore[] | null;
  coop: CoopView | null;
  /** Once the game is over; co-op says whether the team won and why. */
  result: GameResult | null;
}

export interface CityView {
  /** The rows and columns the city spans; null before the first deal. */
  bounds: { top: number; bottom: number; left: number; right: number } | null;
  /** In board order. */
  cells: CityLot[];
}

export interface CityLot {
  cell: Cell;
  card: LotCardView;
  /** Bottom first; the top one controls the property. */
  tokens: Owner[];
  controller: Owner | null;
  shutDown: boolean;
}

/** A property or landmark card; `text` is a landmark's power. */
export interface LotCardView extends LotCardDef {
  text: string | null;
}

export interface PlayerHoldings {
  seat: Seat;
  score: number;
  briefcases: number;
  tokens: number;
  handCount: number;
  /** Only the viewer's own, until the game ends. */
  hand: Card[] | null;
  agendaCount: number;
  /** Only the viewer's own, until the game ends. */
  agendas: { id: string; name: string }[] | null;
  kept: ProfessionalDef[];
  role: RoleDef | null;
  pawn: Cell | null;
}

export interface CoopView {
  mobBoss: number;
  lawScore: number;
  mobTokens: number;
  mobDeckCount: number;
  mobDiscard: string[];
}

/** Hidden information stays hidden until the game ends. */
const canSee = (state: State, viewer: Viewer, seat: Seat) => viewer === 'all' || viewer === seat || state.phase === 'finished';

function agendaView(id: string) {
  const { name } = AGENDAS.find((a) => a.id === id)!;
  return { id, name };
}

const professional = (id: string): ProfessionalDef => PROFESSIONALS.find((p) => p.id === id)!;

/** Each card as views show it, made once and frozen: every view draws every card of the city, and views share them. */
const LOT_CARD_VIEWS = new Map<string, LotCardView>();

function lotCardView(id: string): LotCardView {
  let cardView = LOT_CARD_VIEWS.get(id);
  if (!cardView) {
    const landmark = LANDMARKS.find((l) => l.id === id);
    cardView = Object.freeze({ ...lotCard(id), text: landmark?.text ?? null });
    LOT_CARD_VIEWS.set(id, cardView);
  }
  return cardView;
}

function cityView(state: State): CityView {
  const keys = inBoardOrder(Object.keys(state.city));
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
    cells: keys.map((key, i) => {
      const lot = state.city[key];
      return { cell: cells[i], card: lotCardView(lot.card), tokens: lot.tokens, controller: controller(lot), shutDown: lot.shutDown };
    }),
  };
}

export function view(state: State, viewer: Viewer): MobTownView {
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
    deckCount: state.deck.length + (state.lawInDeck ? 1 : 0),
    discard: state.discard,
    cityCard: CITY_CARDS.find((c) => c.id === state.cityCard) ?? null,
    professionals: state.professionals && {
      row: state.professionals.row.map(professional),
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
      kept: p.kept.map(professional),
      role: ROLES.find((r) => r.id === p.role) ?? null,
      pawn: p.pawn === null ? null : toCell(p.pawn),
    })),
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
