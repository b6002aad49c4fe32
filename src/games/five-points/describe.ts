/**
 * Every event in one English sentence, for the game's history and "your
 * turn" mail. The event arrives as one viewer may see it (see `redact` in
 * view.ts): a face-down building may have lost its identity, so nothing
 * here may guess at it. Names come from the data files.
 */
import type { Seat } from '../../rules/contract';
import { count, listOf, tally } from '../../rules/text';
import { BUILDINGS, type BuildingId } from './data/buildings';
import { markerDef, type MarkerId } from './data/markers';
import { BOSSES_PER_PLAYER, BUILDINGS_IN_PLAY } from './data/pieces';
import { neighborhoodName, type Color, type NeighborhoodId } from './data/tiles';
import type { DeclinableTask, Event, EventOf } from './events';
import type { EffectSource, Task } from './state';

type SeatName = (seat: Seat) => string;

const building = (id: BuildingId) => BUILDINGS[id].nameInText;
const neighborhoods = (ids: readonly NeighborhoodId[]) => listOf(ids.map(neighborhoodName));
const rabble = (n: number) => count(n, 'rabble', 'rabble');
const vp = (n: number) => count(n, 'VP', 'VP');
const article = (word: string) => (/^[aeiou]/i.test(word) ? 'an' : 'a');
const controlMarker = (color: Color) => `${article(color)} ${color} control marker`;

/** "marker 2 “Move a building”"; slot numbers count from 1, left to right, as players see the row. */
function markerText(slot: number, id: MarkerId | undefined): string {
  const label = `marker ${slot + 1}`;
  // Events stored before `markerId` was recorded name only the slot.
  return id === undefined ? label : `${label} “${markerDef(id).name}”`;
}

/** "Ann 6, Bob 4 and Cy 2": one number per seat, in seat order. */
function perSeat(numbers: readonly number[], seatName: SeatName): string {
  return listOf(numbers.map((n, seat) => `${seatName(seat)} ${n}`));
}

function sourceText(source: EffectSource): string {
  if ('marker' in source) return `marker ${source.marker + 1}`;
  if ('building' in source) return building(source.building);
  return 'a tie for the most rabble';
}

function layoutDealt(e: EventOf<'layoutDealt'>, seatName: SeatName): string {
  const colors = tally(
    e.tiles.map((t) => t.color),
    (color) => color, // "3 red", not "3 reds"
  );
  return `The city was laid out with ${count(e.tiles.length, 'neighborhood')} (${colors}), ` + `and ${seatName(e.startingSeat)} is the starting player.`;
}

/** "(Tammany Hall and the Theater)": which buildings, in the full record only. */
function whichBuildings(ids: readonly BuildingId[] | null | undefined): string {
  // Redacted for every player until the reveal (null, or missing).
  return ids == null ? '' : ` (${listOf(ids.map(building))})`;
}

function buildingsDrawn(e: EventOf<'buildingsDrawn'>, seatName: SeatName): string {
  return (
    `The buildings were shuffled and ${BUILDINGS_IN_PLAY} drawn face down${whichBuildings(e.buildings)}: ` +
    `${seatName(e.seat)}, the starting player, places them in different neighborhoods.`
  );
}

function buildingPlacedFaceDown(e: EventOf<'buildingPlacedFaceDown'>, seatName: SeatName): string {
  const where = `face down on ${neighborhoodName(e.neighborhood)}${whichBuildings(e.building && [e.building])}.`;
  // Stored games had both placed by the server at setup: those events name nobody.
  return e.seat === undefined ? `A building was placed ${where}` : `${seatName(e.seat)} placed a building ${where}`;
}

function startingRabblePlaced(e: EventOf<'startingRabblePlaced'>, seatName: SeatName): string {
  const seats = [...new Set(e.placements.map((p) => p.seat))].sort((a, b) => a - b);
  const perPlayer = seats.map((seat) => {
    const places = e.placements.filter((p) => p.seat === seat).map((p) => p.neighborhood);
    return `${seatName(seat)} on ${neighborhoods(places)}`;
  });
  return `Starting rabble were drawn from the bag: ${perPlayer.join('; ')}.`;
}

function buildingsRevealed(e: EventOf<'buildingsRevealed'>): string {
  const revealed = e.buildings.map((b) => `${building(b.building)} on ${neighborhoodName(b.neighborhood)}`);
  return `The buildings were revealed: ${listOf(revealed)}.`;
}

function roundStarted(e: EventOf<'roundStarted'>, seatName: SeatName): string {
  const offer = e.markers.map((id, slot) => markerText(slot, id));
  return `Round ${e.round} began with ${seatName(e.startingSeat)} as the starting player; on offer: ${listOf(offer)}.`;
}

function markerResolved(e: EventOf<'markerResolved'>, seatName: SeatName): string {
  const marker = markerText(e.marker, e.markerId);
  if (e.seat === null) return `Nobody bid on ${marker}, so it was discarded.`;
  return `${seatName(e.seat)} won ${marker}.`;
}

function buildingActivated(e: EventOf<'buildingActivated'>, seatName: SeatName): string {
  const def = BUILDINGS[e.building];
  return `${seatName(e.seat)} activated ${def.nameInText} (${def.effectText}).`;
}

function taskAssigned(task: Task, seatName: SeatName): string {
  const who = seatName(task.seat);
  switch (task.kind) {
    case 'relocateNeighborhood':
      return `${who} may move a neighborhood (${sourceText(task.source)}).`;
    case 'moveBuilding':
      return `${who} may move a building to a neighborhood without one (${sourceText(task.source)}).`;
    case 'takeControlMarker':
      return `${who} takes a control marker of a color of their choice (${sourceText(task.source)}).`;
    case 'callSpecialElection':
      return `${who} chooses where to hold a special election (${sourceText(task.source)}).`;
    case 'retrieveRabble':
      return `${who} may take up to ${rabble(task.max)} back from the boroughs to the HQ (${sourceText(task.source)}).`;
    case 'smuggleRabble':
      return `${who} may smuggle one rabble to another neighborhood (${sourceText(task.source)}).`;
    case 'scheduleElections': {
      // Ruling 4: at most two regular elections; with exactly two tied, only their order is open.
      const choice = task.candidates.length === 2 ? 'which holds its election first' : 'two of them for elections, in order';
      return `${neighborhoods(task.candidates)} tie for the most rabble, so ${who}, who passed last, picks ${choice}.`;
    }
  }
}

/** What a seat chose not to do, for each choice that may be declined. */
const DECLINED_TASKS: Record<DeclinableTask, string> = {
  relocateNeighborhood: 'move a neighborhood',
  moveBuilding: 'move a building',
  retrieveRabble: 'take rabble back from the boroughs',
  smuggleRabble: 'smuggle rabble',
};

function rabbleSmuggled(e: EventOf<'rabbleSmuggled'>, seatName: SeatName): string {
  const whose = e.owner === e.seat ? 'one of their own rabble' : `a rabble belonging to ${seatName(e.owner)}`;
  return `${seatName(e.seat)} smuggled ${whose} from ${neighborhoodName(e.from)} to ${neighborhoodName(e.to)}.`;
}

function electionsScheduled(e: EventOf<'electionsScheduled'>): string {
  const sites = e.neighborhoods;
  if (sites.length === 0) return 'No regular election this round: there is no rabble on the board.';
  if (sites.length === 1) {
    return `The regular election will be held in ${neighborhoodName(sites[0])}, which has the most rabble.`;
  }
  return `Regular elections will be held in ${neighborhoods(sites)}, in that order.`;
}

/** Ruling 5: the neighborhood is cleared first, then every winner with a boss left places one. */
function electionHeld(e: EventOf<'electionHeld'>, seatName: SeatName): string {
  const winners = listOf(e.winners.map(seatName), 'Nobody');
  const outcome = e.winners.length > 1 ? 'tied to win' : 'won';
  const withoutBoss = e.winners.filter((seat) => !e.bossesPlaced.includes(seat));
  const aftermath = ['all rabble and bosses there went back to the boroughs'];
  if (e.bossesPlaced.length > 0) {
    const each = e.bossesPlaced.length > 1 ? ' each' : '';
    aftermath.push(`${listOf(e.bossesPlaced.map(seatName))}${each} placed a boss there`);
  }
  if (withoutBoss.length > 0) aftermath.push(`${listOf(withoutBoss.map(seatName))} had no boss left to place`);
  return `${winners} ${outcome} the election in ${neighborhoodName(e.neighborhood)} ` + `(votes: ${perSeat(e.votes, seatName)}): ${listOf(aftermath)}.`;
}

function gameEnded(e: EventOf<'gameEnded'>, seatName: SeatName): string {
  const winners = listOf(e.winners.map(seatName));
  const shared = e.winners.length > 1;
  switch (e.reason) {
    case 'fiveBosses': {
      // Ruling 8: a fifth-boss win ends the game before any points are counted.
      const bosses = `all ${BOSSES_PER_PLAYER} bosses on the board`;
      return shared ? `${winners} have ${bosses} and share the victory at once.` : `${winners} has ${bosses} and wins at once.`;
    }
    case 'endOfGame': {
      const best = count(e.scores[e.winners[0]], 'point');
      const others = e.scores
        .map((score, seat) => ({ score, seat }))
        .filter(({ seat }) => !e.winners.includes(seat))
        .sort((a, b) => b.score - a.score)
        .map(({ score, seat }) => `${seatName(seat)} ${score}`);
      const rest = others.length > 0 ? ` (${listOf(others)})` : '';
      return shared ? `The game is over: ${winners} share the victory with ${best} each${rest}.` : `The game is over: ${winners} wins with ${best}${rest}.`;
    }
  }
}

export function describe(event: Event, seatName: SeatName): string | null {
  switch (event.type) {
    case 'layoutDealt':
      return layoutDealt(event, seatName);
    case 'buildingsDrawn':
      return buildingsDrawn(event, seatName);
    case 'buildingPlacedFaceDown':
      return buildingPlacedFaceDown(event, seatName);
    case 'startingRabblePlaced':
      return startingRabblePlaced(event, seatName);
    case 'buildingsRevealed':
      return buildingsRevealed(event);
    case 'roundStarted':
      return roundStarted(event, seatName);
    case 'turnStarted':
      // An ordinary turn is told by the place or pass that follows; only the last turn is news.
      return event.finalTurn ? `Everyone else has passed: ${seatName(event.seat)} takes one last turn.` : null;
    case 'rabblePlaced':
      return `${seatName(event.seat)} placed a rabble on ${neighborhoodName(event.neighborhood)}.`;
    case 'bidPlaced':
      return `${seatName(event.seat)} bid ${rabble(event.amount)} on ${markerText(event.marker, event.markerId)}.`;
    case 'passed':
      return `${seatName(event.seat)} passed.`;
    case 'passRewardsTaken':
      return `For passing, rabble went back from the boroughs to the HQ: ${perSeat(event.retrieved, seatName)}.`;
    case 'bidsSettled':
      // Each marker's winner (or its discard) is told by its own markerResolved line right after.
      return null;
    case 'markerResolved':
      return markerResolved(event, seatName);
    case 'buildingsPhaseBegan':
      // Each building that acts is told by its buildingActivated line; only an idle phase needs saying.
      return event.queue.length > 0 ? null : "No building acts this round: nobody controls a building's neighborhood.";
    case 'buildingActivated':
      return buildingActivated(event, seatName);
    case 'taskAssigned':
      return taskAssigned(event.task, seatName);
    case 'taskDeclined':
      return `${seatName(event.seat)} chose not to ${DECLINED_TASKS[event.task]}.`;
    case 'taskFinished':
      // Closes a choice: the line before tells what was chosen, or that it was declined. (A decline
      // stored before taskDeclined was recorded has only this event: "Ann may ..." above is all there is.)
      return null;
    case 'neighborhoodPicked':
      // The first half of a move, reversible: neighborhoodMoved tells which neighborhood went where.
      return null;
    case 'neighborhoodMoved':
      return (
        // The event has its new place only as grid numbers, which nobody reads: a replay of the step shows it.
        `${seatName(event.seat)} moved ${neighborhoodName(event.neighborhood)}, with everything on it, to another place in the city.`
      );
    case 'buildingMoved':
      return `${seatName(event.seat)} moved ${building(event.building)} to ${neighborhoodName(event.neighborhood)}.`;
    case 'specialElectionCalled':
      return `${seatName(event.seat)} called a special election in ${neighborhoodName(event.neighborhood)}.`;
    case 'rabbleRetrieved':
      return `${seatName(event.seat)} took ${rabble(event.count)} back from the boroughs to the HQ.`;
    case 'smuggledRabblePicked':
      // The first half of a smuggle, reversible: rabbleSmuggled tells whose rabble went from where to where.
      return null;
    case 'rabbleSmuggled':
      return rabbleSmuggled(event, seatName);
    case 'electionCandidatePicked':
      // The first of two picks, reversible: electionsScheduled tells the chosen elections in order.
      return null;
    case 'controlMarkerGained':
      return `${seatName(event.seat)} took ${controlMarker(event.color)} (${event.reason}).`;
    case 'vpAwarded':
      return `${seatName(event.seat)} scored ${vp(event.vp)} (${event.reason}).`;
    case 'electionsPhaseBegan':
      // Without a special election the regular elections are announced by the line that follows.
      if (event.queue.length === 0) return null;
      return `The election phase began with ${count(event.queue.length, 'special election')} ` + `in ${neighborhoods(event.queue)}.`;
    case 'electionsScheduled':
      return electionsScheduled(event);
    case 'electionSkipped':
      return `No election was held in ${neighborhoodName(event.neighborhood)}: no rabble was left there.`;
    case 'electionHeld':
      return electionHeld(event, seatName);
    case 'roundEnded':
      return 'The round ended, and 1 rabble per boss on the board went back from the boroughs to the HQ: ' + `${perSeat(event.retrieved, seatName)}.`;
    case 'gameEnded':
      return gameEnded(event, seatName);
  }
}
