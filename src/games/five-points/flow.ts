/**
 * What happens between decisions: after each move the game runs every
 * automatic step (finishing setup, settling bids, resolving markers and
 * buildings, holding elections, ending the round) until a player must
 * choose or it is over.
 */
import type { EventLog } from '../../rules/event-log';
import type { Random } from '../../rules/random';
import { activateBuilding, beginBuildings } from './buildings';
import { beginElections, nextElectionStep } from './elections';
import type { Event } from './events';
import { resolveMarker } from './markers';
import { endPlacement, placementOver } from './placement';
import { finishSetup } from './setup';
import type { State } from './state';

/** The next automatic events, or none when a player must act (or the game is over). */
function nextAutomaticEvents(state: State, random: Random): Event[] {
  if (state.task) return [];
  const stage = state.stage;
  switch (stage.phase) {
    case 'setup':
    case 'finished':
      return [];
    case 'buildingSetup':
      return stage.faceDown.length === 0 ? finishSetup(state, random) : [];
    case 'placement':
      return placementOver(state) ? endPlacement(state) : [];
    case 'markers':
      return stage.nextSlot < state.markerRow.length ? resolveMarker(state, stage.nextSlot) : beginBuildings(state);
    case 'buildings':
      return stage.queue.length > 0 ? activateBuilding(state, stage.queue[0]) : beginElections(state);
    case 'elections':
      return nextElectionStep(state, random);
  }
}

/** Writes the automatic steps that follow into `log`, until a player must choose or the game is over. */
export function advance(log: EventLog<State, Event>, random: Random): void {
  for (let next = nextAutomaticEvents(log.state, random); next.length > 0; next = nextAutomaticEvents(log.state, random)) log.push(...next);
}
