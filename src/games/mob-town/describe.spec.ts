import type { GameOptions, Seat, Viewer } from '../../rules/contract';
import { randomPlayout, type PlayoutOptions } from '../../rules/playout';
import { count } from '../../rules/text';
import { showsAMissingValue } from '../test-support/sentences';
import { AGENDAS } from './data/agendas';
import { CARD_NAMES } from './data/deck';
import { typeOf } from './cards';
import type { MobTownEvent } from './events';
import { mobTown } from './index';
import type { Move } from './moves';
import type { State } from './state';
import { ALL_VARIANTS, eagerTakeOvers, play, scenario, willingTeam } from './test-support';

const NAMES = ['Ann', 'Bob', 'Cy', 'Dee'];
const seatName = (seat: Seat) => NAMES[seat];

/** The sentence `viewer` reads: the event is redacted for that viewer first, as the server does. */
const tell = (event: MobTownEvent, viewer: Viewer = 'all') => mobTown.describe!(mobTown.redact(event, viewer) as MobTownEvent, seatName);

/** Plays `moves` by `seat` in turn; returns the sentences of all their events, nulls left out. */
function sentencesOf(state: State, seat: Seat, moves: Move[]): string[] {
  const events: MobTownEvent[] = [];
  for (const move of moves) {
    const step = play(state, seat, move);
    state = step.state;
    events.push(...step.events);
  }
  return events.map((e) => tell(e)).filter((s): s is string => s !== null);
}

describe('sentences for representative events', () => {
  it('tells a take-over paid partly to an opponent as connection cost, card by card', () => {
    const state = scenario({
      city: { '0,0': ['restaurant-2', [0]], '0,1': ['hotel-1', [1]], '0,2': 'hotel-3', '0,3': 'theater-3' },
      hands: [['foxes-3', 'rats-1', 'weasels-2'], ['sharks-1']],
    });
    const moves: Move[] = [
      {
        type: 'takeOver',
        cell: [0, 3],
        via: [
          [0, 2],
          [0, 1],
        ],
      },
      { type: 'pay', card: 'foxes-3' },
      { type: 'pay', card: 'weasels-2' },
      { type: 'pay', card: 'rats-1' },
    ];
    expect(sentencesOf(state, 0, moves)).toEqual([
      'Ann paid a Fox (3).',
      'Ann paid a Weasel (2).',
      'Ann paid a Rat (1) to Bob as connection cost.',
      'Ann took over the Picture Palace.',
      "Bob's turn began.",
    ]);
  });

  it('tells a trade with what left the lineup', () => {
    const state = scenario({ city: { '0,0': 'hotel-1' }, hands: [['weasels-2'], []], lineup: ['rats-1', 'rats-1', 'rats-2', 'cash', 'sharks-3'] });
    expect(sentencesOf(state, 0, [{ type: 'trade', give: 'weasels-2', take: 'rats' }])[0]).toBe(
      'Ann traded a Weasel (2) for 2 Rats (1) and 1 Rat (2) from the lineup.',
    );
  });

  it('names a hired professional with its card text, and what its granted action allows', () => {
    expect(tell({ type: 'professionalHired', seat: 0, professional: 'loan-shark' })).toBe(
      'Ann hired The Loan Shark — Keep for the round: your cash is a wild worth 2.',
    );
    expect(tell({ type: 'grantTaken', seat: 0, grant: { action: 'takeOver', ignoreConnection: false, ignoreTokens: true } })).toBe(
      'A professional lets Ann take over a property ignoring the tokens already on it.',
    );
    expect(tell({ type: 'lotPlaced', seat: 2, card: 'hotel-3', cell: '0,4' })).toBe(
      'Cy placed the Harbor Hotel (a Hotel worth 3) from the open lot at the edge of the city.',
    );
  });

  it('names drawn cards to the drawer only, and only counts them for everyone else', () => {
    const drawn: MobTownEvent = { type: 'cardsDrawn', seat: 1, count: 3, cards: ['cash', 'rats-2', 'rats-2'] };
    expect(tell(drawn, 1)).toBe('Bob drew 1 cash card and 2 Rats (2).');
    expect(tell(drawn, 0)).toBe('Bob drew 3 cards.');
    expect(tell(drawn, 'spectator')).toBe('Bob drew 3 cards.');
  });

  it('names agendas to their owner only', () => {
    const swapped: MobTownEvent = { type: 'agendaSwapped', seat: 1, returned: 'most-hotel', chosen: 'largest-group' };
    expect(tell(swapped, 1)).toBe('Bob swapped the Most Hotels agenda for Biggest Connected Territory.');
    expect(tell(swapped, 0)).toBe('Bob swapped an agenda for another.');
    expect(tell({ type: 'agendaChosen', seat: 0, agenda: 'most-types' }, 0)).toBe('Ann chose the Most Different Businesses agenda.');
    expect(tell({ type: 'agendaChosen', seat: 0, agenda: 'most-types' }, 'spectator')).toBe('Ann chose an agenda.');
  });

  it('tells the deal of a round, with each hand only to its owner', () => {
    const dealt: MobTownEvent = {
      type: 'roundStarted',
      round: 2,
      city: [
        { cell: '0,0', card: 'hotel-2' },
        { cell: '0,1', card: 'city-hall' },
      ],
      openLot: ['factory-1'],
      hands: [
        ['cash', 'foxes-1', 'foxes-3'],
        ['rats-3', 'sharks-1', 'snakes-2'],
      ],
      handCounts: [3, 3],
      lineup: ['rats-1', 'rats-1', 'cash'],
      firstSeat: 1,
      tiedForLast: [0, 1],
      cityCard: 'boom-town',
    };
    const common =
      'Round 2 began: 2 cards in the city, among them the City Hall; the open lot offers the Rusty Bolt Works (a Factory worth 1); ' +
      'the lineup shows 2 Rats (1) and 1 cash card; Bob starts, drawn at random among Ann and Bob, tied for last; ';
    const cityCard = '; the city card is Boom Town — The Draw action draws 3 cards.';
    expect(tell(dealt, 0)).toBe(`${common}Ann was dealt 1 cash card, 1 Fox (1) and 1 Fox (3); Bob was dealt 3 cards${cityCard}`);
    expect(tell(dealt, 'spectator')).toBe(`${common}Ann was dealt 3 cards; Bob was dealt 3 cards${cityCard}`);
  });

  it('tells a co-op turn: clearing out, shutting down, the business expanding and the mob acting', () => {
    const state = scenario({
      options: { mode: 'coop' },
      city: { '0,0': ['restaurant-2', ['mob']], '0,1': 'hotel-1', '0,2': 'hotel-3', '0,3': 'hotel-4' },
      hands: [['rats-1', 'weasels-1', 'cash'], []],
      pawns: ['0,0', '0,1'],
      roles: ['prosecutor', 'beat-cop'],
    });
    const sentences = sentencesOf(state, 0, [
      { type: 'clearOut' },
      { type: 'pay', card: 'rats-1' },
      { type: 'shutDown' },
      { type: 'pay', card: 'weasels-1' },
      { type: 'endTurn' },
    ]);
    expect(sentences.slice(0, 4)).toEqual([
      'Ann paid a Rat (1).',
      'Ann cleared 1 family token off the Noodle House.',
      'Ann paid a Weasel (1).',
      "Ann shut down the Noodle House, scoring 2 points on the players' track.",
    ]);
    // Which property comes up and which mob card is drawn are random; their form is not.
    expect(sentences[4]).toMatch(/^The mob expanded its business: the [A-Z][\w' -]+ \(a [A-Z][a-z ]+ worth \d\) joined the city\.$/);
    expect(sentences[5]).toMatch(/^The mob drew (a mob activity card|the master crime [A-Z][\w ]+) — [A-Z].*\.$/);
    expect(sentences[sentences.length - 1]).toBe("Bob's turn began, with 3 actions.");
  });

  it('tells a master crime and the co-op outcome with both tracks', () => {
    expect(tell({ type: 'mobActivityDrawn', card: 'turf-war' })).toBe(
      'The mob drew the master crime Turf War — Place 2 tokens on the face-up property with the most tokens (each, if tied).',
    );
    expect(tell({ type: 'mobActivityDrawn', card: 'value-3' })).toBe(
      'The mob drew a mob activity card — Place a family token on every face-up property worth 3.',
    );
    expect(tell({ type: 'roleChosen', seat: 1, role: 'beat-cop' })).toBe('Bob took the Beat Cop role — Move up to 3 property cards.');
    const lost: MobTownEvent = {
      type: 'gameEnded',
      result: { winners: [], outcome: 'lost', reason: 'The mob boss track reached 8.' },
      briefcasePoints: [0, 0],
      tracks: { lawScore: 12, mobBoss: 8 },
    };
    expect(tell(lost)).toBe("The players lost together with 12 points on the players' track and the mob boss at 8: the mob boss track reached 8.");
  });

  it('tells the round scoring, agendas revealed, and the final standings with the winners', () => {
    const scored: MobTownEvent = {
      type: 'roundScored',
      round: 3,
      drawer: 1,
      results: [
        {
          seat: 1,
          properties: 9,
          agendas: [
            { agenda: 'most-hotel', achieved: true },
            { agenda: 'most-theater', achieved: false },
          ],
          agendaPoints: 3,
          bonus: 4,
          total: 16,
        },
        {
          seat: 0,
          properties: 5,
          agendas: [
            { agenda: 'most-types', achieved: false },
            { agenda: 'highest-value', achieved: false },
          ],
          agendaPoints: 0,
          bonus: 0,
          total: 5,
        },
      ],
    };
    expect(tell(scored, 'spectator')).toBe(
      'Round 3 was scored: Bob 16 points (9 for properties, 3 for Most Hotels, 4 bonus points, missed Most Theaters); ' +
        'Ann 5 points (5 for properties, missed Most Different Businesses and Most Valuable Holdings).',
    );
    const ended: MobTownEvent = { type: 'gameEnded', result: { winners: [1] }, briefcasePoints: [4, 0, 2], scores: [40, 45, 31] };
    expect(tell(ended)).toBe(
      'The game is over: Bob won with 45 points, ahead of Ann with 40 and Cy with 31; unspent briefcases, 2 points each, added Ann 4 and Cy 2.',
    );
    const shared: MobTownEvent = { type: 'gameEnded', result: { winners: [0, 2] }, briefcasePoints: [0, 0, 0], scores: [38, 30, 38] };
    expect(tell(shared)).toBe('The game is over: Ann and Cy shared the victory with 38 points each, ahead of Bob with 30.');
  });

  it('tells a step left undone: declined, or passed over with nothing to do', () => {
    const placed = play(scenario({ city: { '0,0': 'hotel-1' }, openLot: ['restaurant-1', 'factory-1', 'theater-1'], hands: [['rats-1'], []] }), 0, {
      type: 'openLot',
      property: 'restaurant-1',
      cell: [1, 0],
    }).state;
    expect(sentencesOf(placed, 0, [{ type: 'skip' }])[0]).toBe('Ann chose not to take over a property.');
    expect(tell({ type: 'stepSkipped', seat: 1, step: 'trade', declined: true })).toBe('Bob chose not to trade.');
    expect(tell({ type: 'stepSkipped', seat: 1, step: 'pick', declined: false })).toBe('Bob could not take a card from the lineup.');
    expect(tell({ type: 'stepSkipped', seat: 1, step: 'openLot', declined: false })).toBe('Bob could not place a card from the open lot.');
  });

  it('tells events recorded before they named their card, the final scores or the step skipped without guessing', () => {
    expect(tell({ type: 'stepSkipped', seat: 0 })).toBe('Ann passed.');
    expect(tell({ type: 'tokenPlaced', seat: 0, cell: '0,0' })).toBe('Ann took over a property.');
    expect(tell({ type: 'gameEnded', result: { winners: [1] }, briefcasePoints: [0, 2] })).toBe('The game is over: Bob won.');
  });
});

/** What each event type is told as: a sentence, or null on purpose (see the comments in describe.ts). */
const TOLD_AS: Record<MobTownEvent['type'], 'sentence' | 'null'> = {
  roundStarted: 'sentence',
  professionalsRevealed: 'sentence',
  professionalsReshuffled: 'sentence',
  agendaChosen: 'sentence',
  agendaSwapped: 'sentence',
  turnStarted: 'sentence',
  stepBegan: 'null',
  grantTaken: 'sentence',
  actionChosen: 'null',
  actionDone: 'null',
  turnEnded: 'null',
  cardsDrawn: 'sentence',
  lawDrawn: 'sentence',
  traded: 'sentence',
  cashedIn: 'sentence',
  lineupCardTaken: 'sentence',
  lineupRefilled: 'sentence',
  cardPaid: 'sentence',
  tokenPlaced: 'sentence',
  briefcaseSpent: 'sentence',
  lotPlaced: 'sentence',
  openLotRefilled: 'sentence',
  professionalHired: 'sentence',
  freeDrawUsed: 'sentence',
  stepSkipped: 'sentence',
  roundScored: 'sentence',
  gameEnded: 'sentence',
  roleChosen: 'sentence',
  pawnPlaced: 'sentence',
  pawnMoved: 'sentence',
  tokensCleared: 'sentence',
  propertyShutDown: 'sentence',
  businessExpanded: 'sentence',
  mobActivityDrawn: 'sentence',
  mobDeckReshuffled: 'sentence',
  masterCrimesShuffledIn: 'sentence',
  mobTokenPlaced: 'sentence',
  mobBossAdvanced: 'sentence',
};

/** Hires whenever it can, so the professionals deck runs out and is reshuffled. */
const eagerHires: PlayoutOptions<State>['choose'] = (moves, _state, _seat, pick) => {
  const hires = (moves as Move[]).filter((m) => m.type === 'hire');
  return hires.length ? hires[pick(hires.length)] : moves[pick(moves.length)];
};

const PLAYOUTS: [string, number, GameOptions, PlayoutOptions<State>['choose']][] = [
  ['base', 2, {}, undefined],
  ['base, taking over eagerly', 4, {}, eagerTakeOvers],
  ['all variants', 3, ALL_VARIANTS, undefined],
  ['all variants, taking over eagerly', 4, ALL_VARIANTS, eagerTakeOvers],
  ['professionals, hiring eagerly', 4, { professionals: true }, eagerHires],
  ['Big Money only', 2, { bigMoney: true }, undefined],
  ['co-op', 2, { mode: 'coop' }, willingTeam],
  ['co-op, hardest', 3, { mode: 'coop', coopStartingCity: 'hardest', coopMoreMobActivity: true }, undefined],
  ['co-op, easier, no master crimes', 4, { mode: 'coop', coopStartingCity: 'easier', coopNoMasterCrimes: true }, willingTeam],
];
const SEEDS = ['tell-1', 'tell-2', 'tell-3'];
const VIEWERS: Viewer[] = [0, 1, 'spectator'];

const CARD_WORDS = Object.values(CARD_NAMES).flatMap((n) => [n.one, n.many]);
const AGENDA_NAMES = AGENDAS.map((a) => a.name);
const mentions = (sentence: string, words: readonly string[]) => words.filter((word) => sentence.includes(word));

/** Where a sentence for `viewer` shows what redact hides from it, or fails to show the owner what the owner may see. */
function hiddenInformationProblems(event: MobTownEvent, viewer: Viewer, sentence: string): string[] {
  const owns = (seat: Seat) => viewer === seat;
  switch (event.type) {
    case 'cardsDrawn': {
      const drawn = event.cards!.map((card) => CARD_NAMES[typeOf(card)!].one);
      if (owns(event.seat)) return drawn.filter((name) => !sentence.includes(name)).map((name) => `the drawer is not told of ${name}`);
      return mentions(sentence, CARD_WORDS).map((word) => `a non-drawer is told "${word}"`);
    }
    case 'agendaChosen':
    case 'agendaSwapped': {
      const ids = event.type === 'agendaChosen' ? [event.agenda!] : [event.returned!, event.chosen!];
      const names = ids.map((id) => AGENDAS.find((a) => a.id === id)!.name);
      if (owns(event.seat)) return names.filter((name) => !sentence.includes(name)).map((name) => `the owner is not told of ${name}`);
      return mentions(sentence, AGENDA_NAMES).map((name) => `a non-owner is told ${name}`);
    }
    case 'roundStarted':
      return event.hands.flatMap((_, seat) => {
        if (owns(seat)) return [];
        const ownersClause = new RegExp(`${seatName(seat)} was dealt [^;.]*`).exec(tell(event, seat) ?? '')?.[0];
        if (!ownersClause?.includes('(') && !ownersClause?.includes('cash')) return [`${seatName(seat)}'s own sentence does not show the hand`];
        if (sentence.includes(ownersClause)) return [`${seatName(seat)}'s hand is shown to ${viewer}`];
        return sentence.includes(`${seatName(seat)} was dealt ${count(event.handCounts[seat], 'card')}`) ? [] : [`${viewer} is not told the hand size`];
      });
    default:
      return [];
  }
}

describe('sentences over seeded random playouts', () => {
  const seen = new Set<MobTownEvent['type']>();
  const problems: string[] = [];

  for (const [name, seats, options, choose] of PLAYOUTS) {
    for (const seed of SEEDS) {
      const { events } = randomPlayout<State>(mobTown, { seats, options }, `${seed}-${name}`, { choose });
      for (const event of events as MobTownEvent[]) {
        seen.add(event.type);
        const where = `${name}, ${seed}, ${event.type}`;
        // Fresh events name the card in the cell they mention, so no sentence falls back to "a property".
        if ('cell' in event && !('card' in event)) problems.push(`${where}: no card for the cell`);
        for (const viewer of VIEWERS) {
          const sentence = tell(event, viewer);
          const at = `${where}, for ${viewer}: ${sentence}`;
          if (TOLD_AS[event.type] === 'null') {
            if (sentence !== null) problems.push(`${at}: expected null`);
            continue;
          }
          if (!sentence) {
            problems.push(`${at}: no sentence`);
            continue;
          }
          if (showsAMissingValue(sentence)) problems.push(`${at}: shows a missing value`);
          if (!sentence.endsWith('.')) problems.push(`${at}: no full stop`);
          problems.push(...hiddenInformationProblems(event, viewer, sentence).map((p) => `${at}: ${p}`));
        }
      }
    }
  }

  it('gives every event a sentence ending in a full stop, or null on purpose, and hides what redact hides', () => {
    expect(problems.slice(0, 20)).toEqual([]);
  });

  it('met every event type along the way', () => {
    expect([...seen].sort()).toEqual(Object.keys(TOLD_AS).sort());
  });
});
