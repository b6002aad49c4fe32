/**
 * The mob's side of co-op: after every turn a mob activity card puts family
 * tokens on the properties it names; master crimes shuffled into that deck
 * do worse. A token that would exceed a property's value (or that the mob no
 * longer has) advances the mob boss track instead.
 */
import { MASTER_CRIMES, MOB_ACTIVITIES, type CrimeEffect, type MobTarget } from '../data/coop';
import { compareCells, nextCellByArrow } from '../city';
import { lotCard } from '../cards';
import type { CellKey, State } from '../state';
import type { Tx } from '../tx';
import { checkCoopEnd } from './end';

const over = (tx: Tx) => tx.state.phase === 'finished';

/** Resolves the mob's card drawn at the end of a turn. */
export function mobTurn(tx: Tx): void {
  resolveMobCard(tx, drawMobCard(tx), true);
}

/** Setup: the first activity cards, then the master crimes join the deck (unless left out). */
export function seedMobActivity(tx: Tx, cards: number, withMasterCrimes: boolean): void {
  for (let i = 0; i < cards && !over(tx); i++) resolveMobCard(tx, drawMobCard(tx), false);
  if (withMasterCrimes) tx.emit({ type: 'masterCrimesShuffledIn', crimes: MASTER_CRIMES.map((c) => c.id) });
}

function drawMobCard(tx: Tx): string {
  if (!tx.state.coop!.mobDeck.length) tx.emit({ type: 'mobDeckReshuffled' });
  const deck = tx.state.coop!.mobDeck;
  const card = deck[tx.random.int(deck.length)];
  tx.emit({ type: 'mobActivityDrawn', card });
  return card;
}

/** `mayDrawExtra`: "More Mob Activity" draws one extra card after a master crime, never after an extra card. */
export function resolveMobCard(tx: Tx, id: string, mayDrawExtra: boolean): void {
  if (over(tx)) return;
  const activity = MOB_ACTIVITIES.find((a) => a.id === id);
  if (activity) return targets(tx.state, activity.target).forEach((cell) => placeMobToken(tx, cell));
  const crime = MASTER_CRIMES.find((c) => c.id === id)!;
  resolveCrime(tx, crime.effect);
  if (mayDrawExtra && tx.state.options.coopMoreMobActivity && crime.effect.kind !== 'moreActivity' && !over(tx)) {
    resolveMobCard(tx, drawMobCard(tx), false);
  }
}

function faceUpCells(state: State): CellKey[] {
  return Object.keys(state.city)
    .filter((cell) => !state.city[cell].shutDown)
    .sort(compareCells);
}

function targets(state: State, target: MobTarget): CellKey[] {
  return faceUpCells(state).filter((cell) => {
    const card = lotCard(state.city[cell].card);
    return 'business' in target ? card.business === target.business : card.value === target.value;
  });
}

function resolveCrime(tx: Tx, effect: CrimeEffect): void {
  const state = tx.state;
  switch (effect.kind) {
    case 'moreActivity':
      for (let i = 0; i < effect.cards && !over(tx); i++) resolveMobCard(tx, drawMobCard(tx), false);
      return;
    case 'tokenEverywhere':
      return faceUpCells(state).forEach((cell) => placeMobToken(tx, cell));
    case 'newFront': {
      const cell = expandBusiness(tx, state.lastPlaced!);
      if (cell) placeMobToken(tx, cell);
      return;
    }
    case 'advanceBoss':
      return advanceBoss(tx, effect.spaces);
    case 'tokenUnderPawns': {
      const pawns = new Set(state.players.map((p) => p.pawn));
      return faceUpCells(state)
        .filter((cell) => pawns.has(cell))
        .forEach((cell) => placeMobToken(tx, cell));
    }
    case 'reinforceStrongest': {
      const most = Math.max(0, ...faceUpCells(state).map((cell) => state.city[cell].tokens.length));
      if (most === 0) return;
      const strongest = faceUpCells(state).filter((cell) => state.city[cell].tokens.length === most);
      for (const cell of strongest) for (let i = 0; i < effect.tokens; i++) placeMobToken(tx, cell);
      return;
    }
  }
}

function placeMobToken(tx: Tx, cell: CellKey): void {
  if (over(tx)) return;
  const lot = tx.state.city[cell];
  if (lot.tokens.length + 1 > lotCard(lot.card).value || tx.state.coop!.mobTokens === 0) advanceBoss(tx, 1);
  else tx.emit({ type: 'mobTokenPlaced', cell, card: lot.card });
}

function advanceBoss(tx: Tx, spaces: number): void {
  tx.emit({ type: 'mobBossAdvanced', spaces });
  checkCoopEnd(tx);
}

/**
 * Expanding the business: the next property card goes where it would have
 * been dealt just after the card at `after` (the arrow rule).
 */
export function expandBusiness(tx: Tx, after: CellKey): CellKey | null {
  const deck = tx.state.propertyDeck;
  if (!deck.length) return null;
  const cell = nextCellByArrow(tx.state.city, after);
  tx.emit({ type: 'businessExpanded', card: deck[tx.random.int(deck.length)], cell });
  return cell;
}
