/**
 * The mob's side of co-op: after every turn a mob activity card puts family
 * tokens on the properties it names; master crimes shuffled into that deck
 * do worse. A token that would exceed a property's value (or that the mob no
 * longer has) advances the mob boss track instead.
 */
import { MASTER_CRIMES, MOB_ACTIVITIES, type CrimeEffect, type MobTarget } from '../data/coop';
import { nextCellByArrow } from '../city';
import { lotCard } from '../cards';
import type { State } from '../state';
import type { Context } from '../context';
import { checkCoopEnd } from './end';
import { inBoardOrder, type CellKey } from '../cells';

const over = (ctx: Context) => ctx.log.state.phase === 'finished';

/** Resolves the mob's card drawn at the end of a turn. */
export function mobTurn(ctx: Context): void {
  resolveMobCard(ctx, drawMobCard(ctx), true);
}

/** Setup: the first activity cards, then the master crimes join the deck (unless left out). */
export function seedMobActivity(ctx: Context, cards: number, withMasterCrimes: boolean): void {
  for (let i = 0; i < cards && !over(ctx); i++) resolveMobCard(ctx, drawMobCard(ctx), false);
  if (withMasterCrimes) ctx.log.push({ type: 'masterCrimesShuffledIn', crimes: MASTER_CRIMES.map((c) => c.id) });
}

function drawMobCard(ctx: Context): string {
  if (!ctx.log.state.coop!.mobDeck.length) ctx.log.push({ type: 'mobDeckReshuffled' });
  const deck = ctx.log.state.coop!.mobDeck;
  const card = deck[ctx.random.int(deck.length)];
  ctx.log.push({ type: 'mobActivityDrawn', card });
  return card;
}

/** `mayDrawExtra`: "More Mob Activity" draws one extra card after a master crime, never after an extra card. */
export function resolveMobCard(ctx: Context, id: string, mayDrawExtra: boolean): void {
  if (over(ctx)) return;
  const activity = MOB_ACTIVITIES.find((a) => a.id === id);
  if (activity) return targets(ctx.log.state, activity.target).forEach((cell) => placeMobToken(ctx, cell));
  const crime = MASTER_CRIMES.find((c) => c.id === id)!;
  resolveCrime(ctx, crime.effect);
  if (mayDrawExtra && ctx.log.state.options.coopMoreMobActivity && crime.effect.kind !== 'moreActivity' && !over(ctx)) {
    resolveMobCard(ctx, drawMobCard(ctx), false);
  }
}

function faceUpCells(state: State): CellKey[] {
  return inBoardOrder(Object.keys(state.city).filter((cell) => !state.city[cell].shutDown));
}

function targets(state: State, target: MobTarget): CellKey[] {
  return faceUpCells(state).filter((cell) => {
    const card = lotCard(state.city[cell].card);
    return 'business' in target ? card.business === target.business : card.value === target.value;
  });
}

function resolveCrime(ctx: Context, effect: CrimeEffect): void {
  const state = ctx.log.state;
  switch (effect.kind) {
    case 'moreActivity':
      for (let i = 0; i < effect.cards && !over(ctx); i++) resolveMobCard(ctx, drawMobCard(ctx), false);
      return;
    case 'tokenEverywhere':
      return faceUpCells(state).forEach((cell) => placeMobToken(ctx, cell));
    case 'newFront': {
      const cell = expandBusiness(ctx, state.lastPlaced!);
      if (cell) placeMobToken(ctx, cell);
      return;
    }
    case 'advanceBoss':
      return advanceBoss(ctx, effect.spaces);
    case 'tokenUnderPawns': {
      const pawns = new Set(state.players.map((p) => p.pawn));
      return faceUpCells(state)
        .filter((cell) => pawns.has(cell))
        .forEach((cell) => placeMobToken(ctx, cell));
    }
    case 'reinforceStrongest': {
      const most = Math.max(0, ...faceUpCells(state).map((cell) => state.city[cell].tokens.length));
      if (most === 0) return;
      const strongest = faceUpCells(state).filter((cell) => state.city[cell].tokens.length === most);
      for (const cell of strongest) for (let i = 0; i < effect.tokens; i++) placeMobToken(ctx, cell);
      return;
    }
  }
}

function placeMobToken(ctx: Context, cell: CellKey): void {
  if (over(ctx)) return;
  const lot = ctx.log.state.city[cell];
  if (lot.tokens.length + 1 > lotCard(lot.card).value || ctx.log.state.coop!.mobTokens === 0) advanceBoss(ctx, 1);
  else ctx.log.push({ type: 'mobTokenPlaced', cell, card: lot.card });
}

function advanceBoss(ctx: Context, spaces: number): void {
  ctx.log.push({ type: 'mobBossAdvanced', spaces });
  checkCoopEnd(ctx);
}

/**
 * Expanding the business: the next property card goes where it would have
 * been dealt just after the card at `after` (the arrow rule).
 */
export function expandBusiness(ctx: Context, after: CellKey): CellKey | null {
  const deck = ctx.log.state.propertyDeck;
  if (!deck.length) return null;
  const cell = nextCellByArrow(ctx.log.state.city, after);
  ctx.log.push({ type: 'businessExpanded', card: deck[ctx.random.int(deck.length)], cell });
  return cell;
}
