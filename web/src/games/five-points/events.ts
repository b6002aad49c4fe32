/** Five Points events in words for the timeline. */
import type { NameOf } from '../game-ui';
import { possessive } from '../words';
import { buildingName, neighborhoodName } from './names';

type Payload = Record<string, any>;

const list = (ids: string[]) => ids.map(neighborhoodName).join(', ');

const DESCRIBE: Record<string, (p: Payload, nameOf: NameOf) => string | null> = {
  layoutDealt: (p) => `the city was laid out with ${p.tiles.length} neighborhoods`,
  buildingPlacedFaceDown: (p) => `a building was placed face down on ${neighborhoodName(p.neighborhood)}`,
  startingRabblePlaced: () => 'starting rabble were placed',
  buildingsRevealed: (p) => `buildings revealed: ${p.buildings.map((b: Payload) => `${buildingName(b.building)} on ${neighborhoodName(b.neighborhood)}`).join(', ')}`,
  roundStarted: (p, nameOf) => `round ${p.round} began; ${nameOf(p.startingSeat)} starts`,
  turnStarted: () => null,
  rabblePlaced: (p, nameOf) => `${nameOf(p.seat)} placed a rabble on ${neighborhoodName(p.neighborhood)}`,
  bidPlaced: (p, nameOf) => `${nameOf(p.seat)} bid ${p.amount} on marker ${p.marker + 1}`,
  passed: (p, nameOf) => `${nameOf(p.seat)} passed`,
  passRewardsTaken: () => 'passing rewards were retrieved',
  bidsSettled: () => 'bids were settled',
  markerResolved: (p, nameOf) => (p.seat === null ? null : `marker ${p.marker + 1} went to ${nameOf(p.seat)}`),
  buildingsPhaseBegan: () => 'the building phase began',
  buildingActivated: (p, nameOf) => `${buildingName(p.building)} acted for ${nameOf(p.seat)}`,
  taskAssigned: () => null,
  taskFinished: () => null,
  neighborhoodPicked: (p) => `${neighborhoodName(p.neighborhood)} was picked up`,
  neighborhoodMoved: (p, nameOf) => `${nameOf(p.seat)} moved ${neighborhoodName(p.neighborhood)}`,
  buildingMoved: (p, nameOf) => `${nameOf(p.seat)} moved ${buildingName(p.building)} to ${neighborhoodName(p.neighborhood)}`,
  specialElectionCalled: (p, nameOf) => `${nameOf(p.seat)} called a special election in ${neighborhoodName(p.neighborhood)}`,
  rabbleRetrieved: (p, nameOf) => `${nameOf(p.seat)} retrieved ${p.count} rabble`,
  smuggledRabblePicked: (p, nameOf) => `${possessive(nameOf(p.owner))} rabble in ${neighborhoodName(p.neighborhood)} was picked to smuggle`,
  rabbleSmuggled: (p, nameOf) => `${nameOf(p.seat)} smuggled ${possessive(nameOf(p.owner))} rabble from ${neighborhoodName(p.from)} to ${neighborhoodName(p.to)}`,
  electionCandidatePicked: (p) => `${neighborhoodName(p.neighborhood)} was chosen for an election`,
  controlMarkerGained: (p, nameOf) => `${nameOf(p.seat)} took a ${p.color} control marker`,
  vpAwarded: (p, nameOf) => `${nameOf(p.seat)} scored ${p.vp} VP (${p.reason})`,
  electionsPhaseBegan: (p) => (p.queue.length ? `elections: ${list(p.queue)}` : 'the election phase began'),
  electionsScheduled: (p) => `elections scheduled in ${list(p.neighborhoods)}`,
  electionSkipped: (p) => `no election in ${neighborhoodName(p.neighborhood)} (no rabble)`,
  electionHeld: (p, nameOf) =>
    `election in ${neighborhoodName(p.neighborhood)}: ${p.winners.length ? p.winners.map(nameOf).join(' and ') : 'nobody'} won (${p.votes.join('–')} votes)`,
  roundEnded: () => 'the round ended',
  gameEnded: (p, nameOf) => `the game ended: ${p.winners.map(nameOf).join(' and ')} won`,
};

export function describeEvent(type: string, payload: Payload, nameOf: NameOf): string | null {
  const describe = DESCRIBE[type];
  return describe ? describe(payload, nameOf) : type;
}
