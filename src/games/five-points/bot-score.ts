/**
 * The GREEDY bot's evaluation (`botScore`), from the seat's view alone: how
 * the coming elections would go if they were held now (a boss for each
 * winner, control markers next door), before and after the move. A bid is
 * worth what its marker would add to that, less the rabble it costs.
 */
import type { Seat } from '../../rules/contract';
import { leaders, sum } from './board';
import { BOSSES_PER_PLAYER } from './data/pieces';
import { POINTS_PER_BOSS, POINTS_PER_CONTROL_MARKER, POINTS_PER_COLOR_SET } from './data/scoring';
import type { Effect } from './data/effects';
import type { NeighborhoodId } from './data/tiles';
import type { Move } from './moves';
import type { Benefit } from './state';
import type { FivePointsView, NeighborhoodView } from './view';

/** A rabble on the HQ, for the rounds still to come: spending it needs a reason. */
const RABBLE_WORTH = 0.6;
/** What a controlled neighborhood is worth beyond this round's awards (future control markers, VP markers). */
const CONTROL_WORTH = 0.5;
/** A fifth boss on the board wins the game on the spot. */
const FIFTH_BOSS = 100;
/** How much an opponent's expected gain counts against this seat's own. */
const OPPONENT_WEIGHT = 0.5;

interface Board {
  cells: NeighborhoodView[];
  byId: Map<NeighborhoodId, NeighborhoodView>;
  specials: NeighborhoodId[];
  benefits: Benefit[];
  bosses: number[];
}

function boardOf(view: FivePointsView): Board {
  const cells = view.grid.rows.flat().filter((cell): cell is NeighborhoodView => cell !== null);
  return {
    cells,
    byId: new Map(cells.map((cell) => [cell.neighborhood, cell])),
    specials: cells.filter((cell) => cell.specialElection).map((cell) => cell.neighborhood),
    benefits: view.effectsWonThisRound,
    bosses: view.players.map((player) => player.bossesOnBoard),
  };
}

/** The board with `count` rabble of `seat` added to (or, negative, taken from) one neighborhood; the other cells are shared. */
function withRabble(board: Board, id: NeighborhoodId, seat: Seat, count: number): Board {
  const changed = board.byId.get(id);
  if (!changed) return board;
  const cell = { ...changed, rabble: changed.rabble.map((n, s) => (s === seat ? Math.max(0, n + count) : n)) };
  const byId = new Map(board.byId).set(id, cell);
  return { ...board, cells: board.cells.map((other) => (other === changed ? cell : other)), byId };
}

function bonusVotes(board: Board, benefit: Benefit, site: NeighborhoodView): number {
  const effect = benefit.effect;
  if (effect.kind === 'votes') return effect.votes;
  if (effect.kind === 'colorVotes') return site.color === effect.color ? effect.votes : 0;
  if (effect.kind === 'votesPerBoss') return board.bosses[benefit.seat];
  if (effect.kind === 'votesHere') return site.building?.id && 'building' in benefit.source && site.building.id === benefit.source.building ? effect.votes : 0;
  return 0;
}

/** The regular elections' sites (the most rabble), each with the chance it is held, and the special ones. */
function electionSites(board: Board): { site: NeighborhoodView; weight: number }[] {
  const totals = board.cells.map((cell) => sum(cell.rabble));
  const most = Math.max(0, ...totals);
  const tied = most === 0 ? [] : board.cells.filter((_, i) => totals[i] === most);
  const weight = Math.min(1, 2 / Math.max(1, tied.length));
  return [...board.specials.map((id) => ({ site: board.byId.get(id)!, weight: 1 })), ...tied.map((site) => ({ site, weight }))];
}

/** What each seat would gain from one election held at `site` now. */
function electionGains(board: Board, site: NeighborhoodView): number[] {
  const gains = site.rabble.map(() => 0);
  if (sum(site.rabble) === 0) return gains;
  const tally = site.rabble.map((n, seat) => n + sum(board.benefits.filter((b) => b.seat === seat).map((b) => bonusVotes(board, b, site))));
  // The election clears the site's bosses too, then seats a boss for each winner.
  site.bosses.forEach((bosses, seat) => (gains[seat] -= bosses * POINTS_PER_BOSS));
  for (const seat of leaders(tally)) gains[seat] += board.bosses[seat] - site.bosses[seat] + 1 >= BOSSES_PER_PLAYER ? FIFTH_BOSS : POINTS_PER_BOSS;
  for (const next of board.cells) {
    if (Math.abs(next.x - site.x) + Math.abs(next.y - site.y) !== 1) continue;
    const top = leaders(next.rabble);
    if (top.length === 1) gains[top[0]] += POINTS_PER_CONTROL_MARKER + POINTS_PER_COLOR_SET / 4;
    else for (const seat of top) gains[seat] += 1;
  }
  return gains;
}

/** Each seat's expected gain from the coming elections, plus a little for each neighborhood it controls. */
function outlook(board: Board): number[] {
  const totals = board.bosses.map(() => 0);
  for (const { site, weight } of electionSites(board)) electionGains(board, site).forEach((gain, seat) => (totals[seat] += weight * gain));
  for (const cell of board.cells) {
    const top = leaders(cell.rabble);
    if (top.length === 1) totals[top[0]] += CONTROL_WORTH;
  }
  return totals;
}

/** The seat's gain against its strongest opponent's. */
function standing(board: Board, seat: Seat): number {
  const totals = outlook(board);
  const rival = Math.max(...totals.filter((_, s) => s !== seat));
  return totals[seat] - OPPONENT_WEIGHT * rival;
}

/** What winning `effect` this round is worth to `seat` now. */
function effectWorth(view: FivePointsView, board: Board, now: number, effect: Effect, seat: Seat): number {
  switch (effect.kind) {
    case 'votes':
    case 'colorVotes':
    case 'votesPerBoss':
    case 'votesHere':
      return standing({ ...board, benefits: [...board.benefits, { seat, effect, source: { election: true } }] }, seat) - now + 0.5;
    case 'takeControlMarker':
      return POINTS_PER_CONTROL_MARKER + 1;
    case 'specialElection':
      return Math.max(0, ...board.cells.map((site) => electionGains(board, site)[seat])) / 2;
    case 'vpPerControlledNeighborhood':
      return board.cells.filter((cell) => leaders(cell.rabble).length === 1 && leaders(cell.rabble)[0] === seat).length;
    case 'colorMajorityVp':
      return effect.vp / 2;
    case 'vp':
    case 'endGameVp':
      return effect.vp;
    case 'retrieveRabble':
      return effect.count * RABBLE_WORTH;
    case 'retrieveRabblePerBoss':
      return view.players[seat].bossesOnBoard * RABBLE_WORTH;
    default:
      return 0.5;
  }
}

/** The board and the seat's standing on it, read once per view: a bot scores every listed move against the same view. */
const READ = new WeakMap<FivePointsView, { seat: Seat; board: Board; now: number }>();

function read(view: FivePointsView, seat: Seat): { board: Board; now: number } {
  let found = READ.get(view);
  if (found?.seat !== seat) {
    const board = boardOf(view);
    found = { seat, board, now: standing(board, seat) };
    READ.set(view, found);
  }
  return found;
}

/** How each move changes the seat's standing; choices with nothing to weigh score 0. */
export function botScore(view: FivePointsView, move: Move, seat: Seat): number {
  const { board, now } = read(view, seat);
  const player = view.players[seat];
  switch (move.type) {
    case 'place':
      return standing(withRabble(board, move.neighborhood, seat, 1), seat) - now - RABBLE_WORTH;
    case 'pass':
      return player.hq === 0 ? 1 : 0;
    case 'bid':
      return effectWorth(view, board, now, view.markers[move.marker].effect, seat) - move.amount * RABBLE_WORTH * 2;
    case 'takeControlMarker':
      return -player.controlMarkers[move.color];
    case 'callSpecialElection':
    case 'chooseElection':
      return standing({ ...board, specials: [move.neighborhood] }, seat);
    case 'retrieveRabble':
      return move.count;
    case 'pickRabble':
      return standing(withRabble(board, move.neighborhood, move.owner, -1), seat) - now;
    case 'smuggleTo': {
      const picked = view.pendingChoice?.kind === 'smuggleRabble' ? view.pendingChoice.picked : null;
      return picked ? standing(withRabble(board, move.neighborhood, picked.owner, 1), seat) - now : 0;
    }
    default:
      return 0;
  }
}
