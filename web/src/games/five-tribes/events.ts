/** Five Tribes events in words for the timeline. Tiles are indices r * 6 + c in events. */
import type { NameOf } from '../game-ui';
import { aOrAn, possessive } from '../words';
import { cardName, djinn, tileName, TRIBES } from './names';
import type { MeepleColor } from './view-types';

type Payload = Record<string, any>;

const COLS = 6;
const tile = (index: number) => tileName([Math.floor(index / COLS), index % COLS]);
const tribe = (color: string) => TRIBES[color as MeepleColor]?.name ?? color;

const DESCRIBE: Record<string, (p: Payload, nameOf: NameOf) => string | null> = {
  setup: () => 'the Sultanate was laid out',
  roundStarted: (p) => `round ${p.round} began`,
  bid: (p, nameOf) => `${nameOf(p.seat)} bid ${p.cost} gold for turn order`,
  turnStarted: (p, nameOf) => `${possessive(nameOf(p.seat))} turn`,
  step: () => null,
  pickedUp: (p, nameOf) => `${nameOf(p.seat)} picked up the meeples on ${tile(p.tile)}`,
  dropped: (p, nameOf) => `${nameOf(p.seat)} dropped ${aOrAn(tribe(p.color))} on ${tile(p.tile)}`,
  meeplesCollected: (p, nameOf) => `${nameOf(p.seat)} collected ${p.count} ${tribe(p.color)}${p.count === 1 ? '' : 's'} from ${tile(p.tile)}`,
  tileCaptured: (p, nameOf) => `${nameOf(p.seat)} put a camel on ${tile(p.tile)}`,
  endTriggered: (p) => (p.reason === 'lastCamel' ? 'the last camel was placed: the game ends after this round' : 'no move is left: the game ends after this round'),
  gold: (p, nameOf) => (p.amount === undefined ? `${nameOf(p.seat)} gained gold (${p.reason})` : `${nameOf(p.seat)} ${p.amount >= 0 ? 'gained' : 'paid'} ${Math.abs(p.amount)} gold (${p.reason})`),
  rowCardsTaken: (p, nameOf) => `${nameOf(p.seat)} took ${p.cards.map(cardName).join(' and ')}`,
  cardsDrawn: (p, nameOf) => `${nameOf(p.seat)} drew ${p.cards.map(cardName).join(', ')}`,
  resourcesReshuffled: () => 'the resource cards were reshuffled',
  djinnsReshuffled: () => 'the Djinns were reshuffled',
  fakirsDiscarded: (p, nameOf) => `${nameOf(p.seat)} discarded ${p.count} Fakir${p.count === 1 ? '' : 's'}`,
  eldersSpent: (p, nameOf) => `${nameOf(p.seat)} spent ${p.count} Elder${p.count === 1 ? '' : 's'}`,
  merchandiseSold: (p, nameOf) => `${nameOf(p.seat)} sold ${p.kinds.map(cardName).join(', ')}`,
  meepleKilled: (p, nameOf) => `${nameOf(p.seat)} killed ${aOrAn(tribe(p.color))} ${p.tile === null ? `of ${nameOf(p.victim)}` : `on ${tile(p.tile)}`}`,
  structurePlaced: (p, nameOf) => `${nameOf(p.seat)} placed a ${p.structure === 'palm' ? 'palm tree' : 'palace'} on ${tile(p.tile)}`,
  djinnTaken: (p, nameOf) => `${nameOf(p.seat)} took the Djinn ${djinn(p.djinn).name}`,
  djinnUsed: (p, nameOf) => `${nameOf(p.seat)} used ${djinn(p.djinn).name}`,
  buildersDoubled: (p, nameOf) => `${nameOf(p.seat)} doubled the Builders`,
  meeplesDrawn: (p) => `${p.meeples.length} meeples were drawn onto ${tile(p.tile)}`,
  sibittisDrawn: (p, nameOf) => `${nameOf(p.seat)} drew ${p.djinns ? p.djinns.map((d: string) => djinn(d).name).join(', ') : `${p.count} Djinns`} with Sibittis`,
  djinnsDiscarded: (p) => `${p.djinns.map((d: string) => djinn(d).name).join(', ')} discarded`,
  turnEnded: (p, nameOf) => `${nameOf(p.seat)} ended the turn`,
  rowsRefilled: () => 'the card and Djinn rows were refilled',
  gameFinished: (p, nameOf) => `the game ended: ${p.winners.map(nameOf).join(' and ')} won`,
};

export function describeEvent(type: string, payload: Payload, nameOf: NameOf): string | null {
  const describe = DESCRIBE[type];
  return describe ? describe(payload, nameOf) : type;
}
