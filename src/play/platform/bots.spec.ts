/** Bots in the platform's rules: seats given at the creation, taken over, and each bot's move; given/when/then over events, every refusal included. */
import { countingGame } from '../../../test/support/counting-game';
import type { AnyRuleset } from '../../rules/contract';
import { BotMoved, DeadlinePassed, GameCreated, GameStarted, PlayerResigned, SeatTaken, TurnSkipped } from '../platform-events';
import { decide } from './commands';
import { decideCreate } from './lobby';
import { ANN, BOB, created, CREATE_COUNTING, endedTurn, gameAfter, given, type GivenEvent, NOW, playing, seatTaken, turn } from './test-support/specification';

const FACTS = { commitment: 'c', fixedSeed: false, drawRecipe: 2, rulesetVersion: 1, hostName: 'Ann', madeClientSeed: 'made' };
const withoutScores: AnyRuleset = { ...countingGame, botScore: undefined };
const greedy = (seat: number) => ({ seat, level: 'GREEDY' as const });
const random = (seat: number) => ({ seat, level: 'RANDOM' as const });

/** Ann (seat 0) against a greedy bot (seat 1), `firstPlayer` to play. */
function againstABot(firstPlayer: number, level: 'GREEDY' | 'RANDOM' = 'GREEDY'): GivenEvent[] {
  return [
    created({ bots: [{ seat: 1, level }] }),
    seatTaken(0, ANN),
    { type: GameStarted, payload: {}, actorUserId: ANN, actorSeat: 0 },
    { type: 'dealt', payload: { firstPlayer } },
  ];
}

/** A bot's step: `game.botMoved`, then the ruleset's events of its move, the move recorded on the first. */
function botStep(seat: number, level: string, move: Record<string, unknown>, event: Record<string, unknown>): GivenEvent[] {
  const { type, ...payload } = event;
  return [
    { type: BotMoved, payload: { seat, level }, actorSeat: seat },
    { type: type as string, payload, actorSeat: seat, stepStart: true, move },
  ];
}

describe('creating a game with bots', () => {
  it('records the bots by seat, and where bots take over the seats of players who leave', () => {
    const decision = decideCreate({ ...CREATE_COUNTING, seats: 3, bots: [greedy(2), random(1)], whenPlayerLeaves: 'BOT' }, ANN, FACTS);
    expect(decision.ok && decision.events.map((event) => event.type)).toEqual([GameCreated, SeatTaken]);
    expect(decision.ok && decision.events[0].payload).toMatchObject({ bots: [random(1), greedy(2)], whenPlayerLeaves: 'BOT' });
    const skipping = decideCreate({ ...CREATE_COUNTING, whenPlayerLeaves: 'SKIP' }, ANN, FACTS);
    expect(skipping.ok && skipping.events[0].payload).not.toHaveProperty('whenPlayerLeaves');
    expect(skipping.ok && skipping.events[0].payload).not.toHaveProperty('bots');
  });

  it('seats nobody in a game of bots alone: its host watches', () => {
    const decision = decideCreate({ ...CREATE_COUNTING, bots: [greedy(0), random(1)] }, ANN, FACTS);
    expect(decision.ok && decision.events.map((event) => event.type)).toEqual([GameCreated]);
  });

  it.each([
    ['GREEDY bots of a game without an evaluation', { ruleset: withoutScores, bots: [greedy(1)] }, 'has no greedy bots'],
    ['a seat given twice', { seats: 3, bots: [random(1), greedy(1)] }, 'Seat 2 is given to two bots.'],
    ['a seat out of range', { bots: [random(2)] }, 'seat must be from 0 to 1'],
    ['a negative seat', { bots: [random(-1)] }, 'seat must be from 0 to 1'],
    ["the host's own seat", { seats: 3, bots: [random(0)] }, 'Seat 1 is yours'],
    ['bots for every seat of a game its host would sit in', { bots: [random(0), random(1)], clientSeed: 'mine' }, 'Every seat goes to a bot'],
  ])('refuses %s', (_what, change, words) => {
    const decision = decideCreate({ ...CREATE_COUNTING, ...change }, ANN, FACTS);
    expect(decision).toMatchObject({ ok: false, code: 'BAD_USER_INPUT', message: expect.stringContaining(words) });
  });

  it('keeps a bot seat from players, and starts a game its host and bots fill', () => {
    const lobby = [created({ seats: 3, bots: [greedy(1)] }), seatTaken(0, ANN)];
    given(lobby)
      .when({ type: 'join', seat: 1, clientSeed: null, access: { invitation: null, inviteCode: 'none', keptForOthers: [] }, madeClientSeed: 'm' }, BOB)
      .thenRefused('BAD_USER_INPUT', 'Seat 2 is taken.');
    given(lobby)
      .when({ type: 'join', seat: null, clientSeed: null, access: { invitation: null, inviteCode: 'none', keptForOthers: [] }, madeClientSeed: 'm' }, BOB)
      .thenMatching([{ type: SeatTaken, payload: { seat: 2, userId: BOB } }]);
    given(lobby).when({ type: 'start' }, ANN).thenRefused('BAD_USER_INPUT', 'Waiting for 1 more player to join.');
    given([created({ bots: [greedy(1)] }), seatTaken(0, ANN)])
      .when({ type: 'start' }, ANN)
      .thenMatching([{ type: GameStarted }, { type: 'dealt' }]);
  });
});

describe("a bot's move", () => {
  it("is the seat's bot's choice, credited to the bot, recorded as a move", () => {
    given(againstABot(1))
      .when({ type: 'botMove', seat: 1, expectedVersion: 4 }, null)
      .then(botStep(1, 'GREEDY', { type: 'add', amount: 2 }, { type: 'added', seat: 1, amount: 2 }));
  });

  it.each([
    ['by a player', againstABot(1), { seat: 1, expectedVersion: 4 }, ANN, 'FORBIDDEN', 'Only the server moves for a bot.'],
    ['for a seat no bot plays', againstABot(0), { seat: 0, expectedVersion: 4 }, null, 'FORBIDDEN', 'No bot plays seat 1.'],
    ['for a bot not to act', againstABot(0), { seat: 1, expectedVersion: 4 }, null, 'NOT_YOUR_TURN', 'Seat 2 is not to act.'],
    ['at a version the game has left', againstABot(1), { seat: 1, expectedVersion: 3 }, null, 'VERSION_CONFLICT', undefined],
    ['before the start', againstABot(1).slice(0, 2), { seat: 1, expectedVersion: 2 }, null, 'GAME_NOT_ACTIVE', undefined],
  ])('is refused %s', (_what, events, command, actor, code, words) => {
    given(events)
      .when({ type: 'botMove', ...command }, actor)
      .thenRefused(code as never, words);
  });

  it("does not change when what its seat cannot see does: another player's cards", () => {
    const choice = (card: number) => {
      const events = [...againstABot(0, 'RANDOM'), ...turn(0, card)];
      const decision = decide(gameAfter(events), { type: 'botMove', seat: 1, expectedVersion: events.length }, null, NOW);
      return decision.ok && decision.events[1].move;
    };
    expect(choice(1)).toBeTruthy();
    for (const card of [2, 5, 9]) expect(choice(card)).toEqual(choice(1));
  });

  it('plays the seat of a player who left, where the game says bots take over, rather than passing it over', () => {
    const game = [...playing(3, { whenPlayerLeaves: 'BOT' }), { type: PlayerResigned, payload: { seat: 1, userId: BOB }, actorUserId: BOB, actorSeat: 1 }];
    given([...game, ...turn(0).slice(0, 1)])
      .when({ type: 'move', move: { type: 'endTurn' }, expectedVersion: game.length + 1 }, ANN)
      .then([endedTurn(0, expect.any(Number) as never)]);
    const bobsTurn = [...game, ...turn(0)];
    given(bobsTurn)
      .when({ type: 'botMove', seat: 1, expectedVersion: bobsTurn.length }, null)
      .then(botStep(1, 'GREEDY', { type: 'add', amount: 2 }, { type: 'added', seat: 1, amount: 2 }));
    // Where the game says nothing, the seat is passed over as before.
    const skipping = [...playing(3), { type: PlayerResigned, payload: { seat: 1, userId: BOB }, actorUserId: BOB, actorSeat: 1 }, ...turn(0).slice(0, 1)];
    given(skipping)
      .when({ type: 'move', move: { type: 'endTurn' }, expectedVersion: skipping.length }, ANN)
      .thenMatching([
        { type: 'cardDrawn' },
        { type: TurnSkipped, payload: { seat: 1, resigned: true } },
        ...[1, 2, 3].map(() => ({ type: 'added', actorSeat: 1 })),
        { type: 'cardDrawn', actorSeat: 1 },
      ]);
    given([...playing(3), { type: PlayerResigned, payload: { seat: 1, userId: BOB }, actorUserId: BOB, actorSeat: 1 }])
      .when({ type: 'botMove', seat: 1, expectedVersion: 7 }, null)
      .thenRefused('FORBIDDEN', 'No bot plays seat 2.');
  });

  it("plays a late seat's whole turn as its deadline passes, in a game whose settings say so", () => {
    given(playing(2, { moveDeadline: { hoursPerMove: 24, reminderHoursBefore: 12, onExpiry: 'BOT' } }))
      .when({ type: 'deadlinePassed', seat: 0 }, null)
      .then([
        { type: DeadlinePassed, payload: { seat: 0, userId: ANN }, move: { cause: 'deadlinePassed', seat: 0, onExpiry: 'BOT' } },
        ...botStep(0, 'GREEDY', { type: 'add', amount: 2 }, { type: 'added', seat: 0, amount: 2 }),
        ...botStep(0, 'GREEDY', { type: 'add', amount: 1 }, { type: 'added', seat: 0, amount: 1 }),
        ...botStep(0, 'GREEDY', { type: 'endTurn' }, { type: 'cardDrawn', seat: 0, card: expect.any(Number) }),
      ]);
  });
});
