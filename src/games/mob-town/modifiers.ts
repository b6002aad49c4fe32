/**
 * The rule changes in force for one seat (city card, Big Money, kept
 * professionals, controlled landmarks, co-op role) folded into the numbers
 * the actions read. Counts take the largest grant, deltas and bonuses add up.
 */
import type { Seat } from '../../rules/contract';
import { AGENDA_POINTS } from './data/agendas';
import { CITY_CARDS } from './data/city-cards';
import { COOP, ROLES } from './data/coop';
import { LANDMARKS } from './data/landmarks';
import { PROFESSIONALS } from './data/professionals';
import type { RuleChange } from './data/rule-changes';
import { GAME } from './data/rules';
import { controller } from './city';
import type { State } from './state';

export interface Modifiers {
  drawCount: number;
  cashInPicks: number;
  cashValue: number;
  lineupSize: number;
  noConnectionCost: boolean;
  takeOverDelta: number;
  defense: number;
  agendaPoints: number;
  roundBonus: number;
  groupBonus: boolean;
  freeDraw: number;
  moveRange: number;
  clearOutBonus: number;
  shutDownDelta: number;
}

const BASE: Modifiers = {
  drawCount: GAME.drawCount,
  cashInPicks: GAME.cashInPicks,
  cashValue: 1,
  lineupSize: GAME.lineupSize,
  noConnectionCost: false,
  takeOverDelta: 0,
  defense: 0,
  agendaPoints: AGENDA_POINTS,
  roundBonus: 0,
  groupBonus: false,
  freeDraw: 0,
  moveRange: COOP.moveRange,
  clearOutBonus: 0,
  shutDownDelta: 0,
};

function apply(mods: Modifiers, change: RuleChange): Modifiers {
  switch (change.kind) {
    case 'drawCount':
      return { ...mods, drawCount: Math.max(mods.drawCount, change.cards) };
    case 'cashInPicks':
      return { ...mods, cashInPicks: Math.max(mods.cashInPicks, change.cards) };
    case 'cashValue':
      return { ...mods, cashValue: Math.max(mods.cashValue, change.value) };
    case 'lineupSize':
      return { ...mods, lineupSize: Math.max(mods.lineupSize, change.cards) };
    case 'noConnectionCost':
      return { ...mods, noConnectionCost: true };
    case 'takeOverCost':
      return { ...mods, takeOverDelta: mods.takeOverDelta + change.delta };
    case 'defense':
      return { ...mods, defense: mods.defense + change.surcharge };
    case 'agendaPoints':
      return { ...mods, agendaPoints: Math.max(mods.agendaPoints, change.points) };
    case 'roundBonus':
      return { ...mods, roundBonus: mods.roundBonus + change.points };
    case 'groupBonus':
      return { ...mods, groupBonus: true };
    case 'freeDraw':
      return { ...mods, freeDraw: mods.freeDraw + change.cards };
    case 'moveRange':
      return { ...mods, moveRange: Math.max(mods.moveRange, change.steps) };
    case 'clearOutBonus':
      return { ...mods, clearOutBonus: mods.clearOutBonus + change.tokens };
    case 'shutDownCost':
      return { ...mods, shutDownDelta: mods.shutDownDelta + change.delta };
  }
}

/** Changes that hold for everybody: the round's city card and Big Money. */
function tableChanges(state: State): RuleChange[] {
  const changes: RuleChange[] = [];
  if (state.options.bigMoney) changes.push({ kind: 'cashInPicks', cards: GAME.bigMoneyPicks });
  const cityCard = CITY_CARDS.find((c) => c.id === state.cityCard);
  if (cityCard) changes.push(cityCard.change);
  return changes;
}

/** Changes only `seat` enjoys: kept professionals, controlled landmarks, a co-op role. */
function seatChanges(state: State, seat: Seat): RuleChange[] {
  const player = state.players[seat];
  const kept = player.kept.map((id) => PROFESSIONALS.find((p) => p.id === id)!).flatMap((p) => (p.keep ? [p.change] : []));
  const landmarks = Object.values(state.city)
    .filter((lot) => controller(lot) === seat)
    .flatMap((lot) => LANDMARKS.filter((l) => l.id === lot.card).map((l) => l.power));
  const role = ROLES.filter((r) => r.id === player.role).map((r) => r.ability);
  return [...kept, ...landmarks, ...role];
}

export function modifiersFor(state: State, seat: Seat): Modifiers {
  return [...tableChanges(state), ...seatChanges(state, seat)].reduce(apply, BASE);
}

/** The lineup size is a table-wide rule. */
export function lineupSize(state: State): number {
  return tableChanges(state).reduce(apply, BASE).lineupSize;
}
