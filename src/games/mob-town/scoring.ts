/**
 * Round scoring: face values of controlled properties, agendas (strictly the
 * most; a tie goes to the higher total face value of the relevant properties;
 * a tie on that too scores for nobody), and bonuses from variant cards.
 */
import type { Seat } from '../../rules/contract';
import { AGENDAS, type AgendaGoal } from './data/agendas';
import { GAME } from './data/rules';
import { controlledCells, groups } from './city';
import { lotCard } from './cards';
import { modifiersFor } from './modifiers';
import type { SeatRoundScore, State } from './state';
import type { CellKey } from './cells';

interface Measure {
  /** What the agenda counts. */
  count: number;
  /** Total face value of the relevant properties: the tie-break. */
  value: number;
}

const valueOf = (state: State, cells: readonly CellKey[]) => cells.reduce((sum, cell) => sum + lotCard(state.city[cell].card).value, 0);

function largestGroup(state: State, seat: Seat): CellKey[] {
  const byStrength = groups(controlledCells(state, seat)).sort((a, b) => b.length - a.length || valueOf(state, b) - valueOf(state, a));
  return byStrength[0] ?? [];
}

export function measure(state: State, seat: Seat, goal: AgendaGoal): Measure {
  const owned = controlledCells(state, seat);
  const businesses = owned.filter((cell) => lotCard(state.city[cell].card).business !== null);
  switch (goal.kind) {
    case 'mostOfType': {
      const cells = owned.filter((cell) => lotCard(state.city[cell].card).business === goal.business);
      return { count: cells.length, value: valueOf(state, cells) };
    }
    case 'mostTypes':
      return {
        count: new Set(businesses.map((cell) => lotCard(state.city[cell].card).business)).size,
        value: valueOf(state, businesses),
      };
    case 'largestGroup': {
      const group = largestGroup(state, seat);
      return { count: group.length, value: valueOf(state, group) };
    }
    case 'highestValue':
      return { count: valueOf(state, owned), value: valueOf(state, owned) };
  }
}

export function agendaAchieved(state: State, seat: Seat, goal: AgendaGoal): boolean {
  const mine = measure(state, seat, goal);
  if (mine.count === 0) return false;
  return state.players.every((_, other) => {
    if (other === seat) return true;
    const theirs = measure(state, other, goal);
    return mine.count > theirs.count || (mine.count === theirs.count && mine.value > theirs.value);
  });
}

function scoreSeat(state: State, seat: Seat): SeatRoundScore {
  const mods = modifiersFor(state, seat);
  const properties = valueOf(state, controlledCells(state, seat));
  const agendas = state.players[seat].agendas.map((agenda) => ({
    agenda,
    achieved: agendaAchieved(state, seat, AGENDAS.find((a) => a.id === agenda)!.goal),
  }));
  const agendaPoints = agendas.filter((a) => a.achieved).length * mods.agendaPoints;
  const bonus = mods.roundBonus + (mods.groupBonus ? largestGroup(state, seat).length : 0);
  return { seat, properties, agendas, agendaPoints, bonus, total: properties + agendaPoints + bonus };
}

/** Every seat's round score, starting with the player who drew the Law. */
export function scoreRound(state: State, drawer: Seat): SeatRoundScore[] {
  return state.players.map((_, i) => scoreSeat(state, (drawer + i) % state.seats));
}

export function briefcasePoints(state: State): number[] {
  return state.players.map((p) => p.briefcases * GAME.pointsPerBriefcase);
}

/** Every seat on the top score: a tie is a shared victory. */
export function topSeats(scores: readonly number[]): Seat[] {
  const best = Math.max(...scores);
  return scores.flatMap((score, seat) => (score === best ? [seat] : []));
}
