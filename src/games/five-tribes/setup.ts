/** The state before setup, and the random starting position as one `setup` event. */
import type { GameConfig } from '../../rules/contract';
import type { Random } from '../../rules/random';
import { CARD_KINDS, CARD_COUNTS, RESOURCE_ROW_SIZE } from './data/cards';
import { DJINN_IDS, DJINN_ROW_SIZE } from './data/djinns';
import { COLORS, MEEPLE_COUNTS, MEEPLES_PER_TILE } from './data/meeples';
import { PALACES, PALM_TREES, STARTING_GOLD, TOTAL_COINS_VALUE, camelsPerSeat, markersPerSeat } from './data/supply';
import { TILES } from './data/tiles';
import { TURN_TRACK_COSTS } from './data/track';
import { emptyCounts, expand } from './counts';
import type { Event } from './events';
import type { PlayerState, State } from './state';

export function initialState(config: GameConfig): State {
  const seats = config.seats;
  const player: PlayerState = {
    gold: STARTING_GOLD,
    camels: camelsPerSeat(seats),
    viziers: 0,
    elders: 0,
    cards: emptyCounts(CARD_KINDS),
    djinns: [],
    djinnsUsed: [],
  };
  return {
    seats,
    phase: 'setup',
    round: 0,
    board: [],
    bag: { ...MEEPLE_COUNTS },
    resourceDeck: { ...CARD_COUNTS },
    resourceDiscard: emptyCounts(CARD_KINDS),
    resourceRow: [],
    djinnDeck: [...DJINN_IDS],
    djinnDiscard: [],
    djinnRow: [],
    palmSupply: PALM_TREES,
    palaceSupply: PALACES,
    bank: TOTAL_COINS_VALUE - STARTING_GOLD * seats,
    players: Array.from({ length: seats }, () => player),
    bidTrack: [],
    turnTrack: TURN_TRACK_COSTS.map(() => null),
    turn: null,
    endTrigger: null,
    scores: null,
  };
}

export function setup(state: State, random: Random): Event[] {
  const tiles = random.shuffle(TILES.map((_, id) => id));
  const meeples = random.shuffle(expand(MEEPLE_COUNTS, COLORS));
  const cards = random.shuffle(expand(CARD_COUNTS, CARD_KINDS));
  const djinns = random.shuffle(DJINN_IDS);
  const markers = Array.from({ length: state.seats * markersPerSeat(state.seats) }, (_, m) => m);
  return [
    {
      type: 'setup',
      board: tiles.map((tile, i) => ({ tile, meeples: meeples.slice(i * MEEPLES_PER_TILE, (i + 1) * MEEPLES_PER_TILE) })),
      bidTrack: random.shuffle(markers),
      resourceRow: cards.slice(0, RESOURCE_ROW_SIZE),
      djinnRow: djinns.slice(0, DJINN_ROW_SIZE),
    },
  ];
}
