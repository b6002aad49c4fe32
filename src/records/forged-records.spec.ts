/**
 * A forged record of each platform event type is refused, and the refusal
 * is the decider's own: the one the server gives the command that would have
 * written it (src/play/platform/), or what the server adds to an append
 * (completion.ts) where no command writes the event. Records are made here
 * from games scripted through the same decider, with no database.
 */
import { countingAcceptingUnlisted, countingGame, type CountingState } from '../../test/support/counting-game';
import { withActor, withPayload } from '../../test/support/record-forgery';
import type { AnyRuleset, Ruleset } from '../rules/contract';
import { decide, type PlatformCommand } from '../play/platform/commands';
import { decideCreate } from '../play/platform/lobby';
import { ANN, BOB, CAT, CREATE_COUNTING, EVE, gameAfter, NOW } from '../play/platform/test-support/specification';
import type { GameRecord, RecordEvent } from './game-record';
import { join, ScriptedGame } from './test-support/scripted-game';
import { verifyRecord } from './verify-record';

/** The test game, where a player who runs out of time can be passed over. */
const skippable: Ruleset<CountingState> = {
  ...(countingGame as Ruleset<CountingState>),
  skipTurn: (state, seat) => (seat === state.turn ? [{ type: 'turnPassed', seat }] : null),
  evolve: (state, event) =>
    event.type === 'turnPassed' ? { ...state, turn: (state.turn + 1) % state.seats, addedThisTurn: 0 } : countingGame.evolve(state, event as never),
};

const rulesetOf = (ruleset: AnyRuleset) => () => ruleset;

const declineInvitation = (invitationId: string): PlatformCommand => ({ type: 'declineInvitation', invitationIds: [invitationId] });

/**
 * A game of three: invitations (one declined), a seat given up and taken again, moves, an undo, a rollback, a takeback, requests answered, withdrawn and lapsed,
 * deadlines and the host's answers to them, a removal (the seat then passed over), an end by agreement.
 */
function longGame(): ScriptedGame {
  const game = new ScriptedGame(skippable, 3)
    .run({ type: 'invite', invitees: [{ invitationId: 'i1', accountId: null }] }, ANN)
    .run({ type: 'invite', invitees: [{ invitationId: 'i2', accountId: null }] }, ANN)
    .run(declineInvitation('i2'), CAT)
    .run(join(), BOB)
    .run(join(), EVE)
    .run({ type: 'leave' }, EVE)
    .run(join(), CAT)
    .run({ type: 'start' }, ANN);
  const mover = game.toAct;
  game.run({ type: 'move', move: { type: 'add', amount: 1 }, expectedVersion: game.events.length }, mover).run({ type: 'undo' }, mover);
  game.turn().turn();
  const returnTo = game.events.length;
  game.turn().turn();
  game.run({ type: 'rollback', toVersion: returnTo, reason: 'a misclick', returnPoint: game.returnPoint(returnTo) }, ANN);
  const takeBackTo = game.events.length;
  game.turn();
  const asker = game.toAct;
  game.run({ type: 'requestTakeback', toVersion: takeBackTo, reason: 'oops', returnPoint: game.returnPoint(takeBackTo) }, asker);
  for (const player of [ANN, BOB, CAT].filter((p) => p !== asker)) game.run({ type: 'answer', kind: 'takeback', accept: true }, player);
  game.run({ type: 'proposeEnd' }, ANN).run({ type: 'answer', kind: 'end', accept: false }, BOB);
  const askAgainTo = game.events.length;
  game.turn();
  game.run({ type: 'requestTakeback', toVersion: askAgainTo, reason: 'again', returnPoint: game.returnPoint(askAgainTo) }, BOB);
  game.run({ type: 'withdraw' }, BOB);
  game.run({ type: 'proposeEnd' }, CAT).later(49).run({ type: 'lapse' }, null);
  const late = (): number => gameAfter(game.events, skippable).state.seats.indexOf(game.toAct);
  game
    .later(24)
    .run({ type: 'deadlinePassed', seat: late() }, null)
    .run({ type: 'resolveDeadline', seat: late(), action: 'EXTEND', deadlinePassed: true }, ANN);
  game.later(24).run({ type: 'deadlinePassed', seat: late() }, null).run({ type: 'resolveDeadline', seat: late(), action: 'SKIP', deadlinePassed: true }, ANN);
  while (late() === 0) game.turn();
  const removed = late();
  game.later(24).run({ type: 'deadlinePassed', seat: removed }, null).run({ type: 'remove', seat: removed }, ANN);
  game.turn();
  const remaining = [BOB, CAT].find((_, i) => i + 1 !== removed)!;
  return game.run({ type: 'proposeEnd' }, remaining).run({ type: 'answer', kind: 'end', accept: true }, ANN);
}

/** A game of two the host ends when a deadline passes. */
function endedGame(): ScriptedGame {
  const game = new ScriptedGame(countingGame, 2).run(join(), BOB).run({ type: 'start' }, ANN).turn();
  const late = gameAfter(game.events).state.seats.indexOf(game.toAct);
  return game
    .later(24)
    .run({ type: 'deadlinePassed', seat: late }, null)
    .run({ type: 'resolveDeadline', seat: late, action: 'END', deadlinePassed: true }, ANN);
}

/** A game of two one player resigns. */
function resignedGame(): ScriptedGame {
  return new ScriptedGame(countingGame, 2).run(join(), BOB).run({ type: 'start' }, ANN).turn().run({ type: 'resign' }, BOB);
}

/**
 * A game of two whose second seat changes hands: Bob offers it, offers it again (replacing the first
 * offer) and withdraws; his deadline passes, the host offers it, Eve takes it over and plays; Ann resigns.
 */
function substitutedGame(): ScriptedGame {
  const offer = (invitationId: string): PlatformCommand => ({ type: 'offerSeat', seat: 1, invitee: { invitationId, accountId: null } });
  const game = new ScriptedGame(countingGame, 2).run(join(), BOB).run({ type: 'start' }, ANN).turn();
  if (game.toAct !== BOB) game.turn();
  game.run(offer('o1'), BOB).run(offer('o2'), BOB).run({ type: 'withdrawSeatOffer', seat: 1 }, BOB);
  game.later(24).run({ type: 'deadlinePassed', seat: 1 }, null).run(offer('o3'), ANN).run({ type: 'takeSeat', invitationId: 'o3' }, EVE);
  return game.turn().run({ type: 'resign' }, ANN);
}

const games = { long: longGame(), ended: endedGame(), resigned: resignedGame(), substituted: substitutedGame() };
const rulesets = { long: skippable, ended: countingGame, resigned: countingGame, substituted: countingGame };
type GameName = keyof typeof games;

function find(name: GameName, type: string, nth = 0) {
  const found = games[name].record().events.filter((event) => event.type === type)[nth];
  if (!found) throw new Error(`no ${type} in the ${name} game`);
  return found;
}

/** What the decider answers `command` by `actor` at `seq`, on the game as the record has it before. */
function refusalAt(name: GameName, seq: number, command: PlatformCommand, actor: string | null) {
  const game = games[name];
  const decision = decide(gameAfter(game.events.slice(0, seq - 1), rulesets[name]), command, actor, game.events[seq - 1].at);
  if (decision.ok) throw new Error(`the decider accepts ${command.type} at ${seq}`);
  return decision.message;
}

describe('the scripted games', () => {
  it.each(Object.keys(games) as GameName[])('%s: its honest record verifies, every platform event in it', (name) => {
    const record = games[name].record();
    expect(verifyRecord(record, rulesetOf(rulesets[name]))).toMatchObject({ ok: true, complete: true });
  });

  it('hold every platform event type between them', () => {
    const types = new Set(Object.values(games).flatMap((game) => game.events.map((event) => event.type)));
    expect([...types].filter((type) => type.startsWith('game.')).sort()).toEqual(
      [
        'game.created',
        'game.seatTaken',
        'game.seatGivenUp',
        'game.playerInvited',
        'game.invitationDeclined',
        'game.started',
        'game.moveUndone',
        'game.rolledBack',
        'game.deadlinePassed',
        'game.deadlineExtended',
        'game.turnSkipped',
        'game.endedByHost',
        'game.seedRevealed',
        'game.resigned',
        'game.playerRemoved',
        'game.takebackRequested',
        'game.takebackAnswered',
        'game.takenBack',
        'game.proposalWithdrawn',
        'game.proposalLapsed',
        'game.endProposed',
        'game.endAnswered',
        'game.endedByAgreement',
        'game.seatOffered',
        'game.seatOfferWithdrawn',
        'game.seatReassigned',
      ].sort(),
    );
  });
});

/** A record forged at `event`, and the command and actor that would have written what it now records. */
interface Forgery {
  event: RecordEvent;
  forged: GameRecord;
  command: PlatformCommand;
  actor: string | null;
}

describe('a forged record is refused by the decider, as the command would be', () => {
  /** `forge(record)`, verified: refused at `seq` with `problem`. */
  function expectRefused(name: GameName, forged: GameRecord, seq: number, problem: string): void {
    expect(verifyRecord(forged, rulesetOf(rulesets[name]))).toEqual({ ok: false, seq, problem });
  }

  const returnPoint = { setAside: false, insideOneStep: false, playedSince: true };
  /** The long game's `nth` event of `type`, made by `actor` in `seat` instead: refused as `command` by them is. */
  const madeBy = (type: string, actor: string, seat: number | null, command: (event: RecordEvent) => PlatformCommand, nth = 0): Forgery => {
    const event = find('long', type, nth);
    return { event, forged: withActor(games.long.record(), event.seq, actor, seat), command: command(event), actor };
  };
  /** The long game's `nth` event of `type`, with `payload` changed, and `actor` made it too: refused as `command` by them is. */
  const changed = (
    type: string,
    payload: (event: RecordEvent) => Record<string, unknown>,
    command: PlatformCommand,
    actor?: [string, number],
    nth = 0,
  ): Forgery => {
    const event = find('long', type, nth);
    const forged = withPayload(games.long.record(), event.seq, { ...event.payload, ...payload(event) });
    return { event, forged: actor ? withActor(forged, event.seq, ...actor) : forged, command, actor: actor?.[0] ?? event.actorUserId };
  };
  const seatOf = (event: RecordEvent) => event.payload.seat as number;
  const forgeries: Array<[string, () => Forgery]> = [
    ['game.seatTaken, a seat already taken', () => changed('game.seatTaken', () => ({ seat: 0 }), join(0), undefined, 1)],
    ['game.seatGivenUp, by the host', () => changed('game.seatGivenUp', () => ({ seat: 0, userId: ANN }), { type: 'leave' }, [ANN, 0])],
    [
      'game.playerInvited, by a player who is not the host',
      () => madeBy('game.playerInvited', BOB, null, () => ({ type: 'invite', invitees: [{ invitationId: 'i1', accountId: null }] })),
    ],
    ['game.invitationDeclined, by the host', () => madeBy('game.invitationDeclined', ANN, 0, () => declineInvitation('i2'))],
    ['game.invitationDeclined, of an invitation never made', () => changed('game.invitationDeclined', () => ({ invitationId: 'i9' }), declineInvitation('i9'))],
    ['game.started, by a player who is not the host', () => madeBy('game.started', BOB, 1, () => ({ type: 'start' }))],
    [
      'game.moveUndone, by another player',
      () =>
        madeBy(
          'game.moveUndone',
          [ANN, BOB, CAT].find((p) => p !== find('long', 'game.moveUndone').actorUserId)!,
          null,
          () => ({ type: 'undo' }),
        ),
    ],
    [
      'game.rolledBack, by a player who is not the host',
      () =>
        madeBy('game.rolledBack', BOB, 1, ({ payload }) => ({
          type: 'rollback',
          toVersion: payload.toVersion as number,
          reason: payload.reason as string,
          returnPoint,
        })),
    ],
    [
      'game.takebackRequested, to before the start of play',
      () => changed('game.takebackRequested', () => ({ toVersion: 2 }), { type: 'requestTakeback', toVersion: 2, reason: 'oops', returnPoint }),
    ],
    [
      'game.takebackAnswered, by the player who asked',
      () => {
        const asked = find('long', 'game.takebackRequested');
        return changed('game.takebackAnswered', () => ({ seat: asked.actorSeat }), { type: 'answer', kind: 'takeback', accept: true }, [
          asked.actorUserId!,
          asked.actorSeat!,
        ]);
      },
    ],
    ['game.endProposed, by someone without a seat', () => madeBy('game.endProposed', EVE, null, () => ({ type: 'proposeEnd' }))],
    [
      'game.endAnswered, by the player who proposed',
      () => changed('game.endAnswered', () => ({ seat: 0 }), { type: 'answer', kind: 'end', accept: false }, [ANN, 0]),
    ],
    ['game.proposalWithdrawn, by another player', () => changed('game.proposalWithdrawn', () => ({ seat: 2 }), { type: 'withdraw' }, [CAT, 2])],
    ['game.proposalLapsed, recorded as a player’s', () => madeBy('game.proposalLapsed', BOB, 1, () => ({ type: 'lapse' }))],
    [
      'game.deadlinePassed, of a seat not to act',
      () => {
        const seat = (seatOf(find('long', 'game.deadlinePassed')) + 1) % 3;
        return { ...changed('game.deadlinePassed', () => ({ seat }), { type: 'deadlinePassed', seat }), actor: null };
      },
    ],
    [
      'game.deadlineExtended, by a player who is not the host',
      () => madeBy('game.deadlineExtended', BOB, 1, (e) => ({ type: 'resolveDeadline', seat: seatOf(e), action: 'EXTEND', deadlinePassed: true })),
    ],
    [
      'game.turnSkipped, by a player who is not the host',
      () => madeBy('game.turnSkipped', BOB, 1, (e) => ({ type: 'resolveDeadline', seat: seatOf(e), action: 'SKIP', deadlinePassed: true })),
    ],
    ['game.playerRemoved, by a player who is not the host', () => madeBy('game.playerRemoved', BOB, 1, (e) => ({ type: 'remove', seat: seatOf(e) }))],
  ];
  it.each(forgeries)('%s', (what, forge) => {
    const { event, forged, command, actor } = forge();
    expect(what.startsWith(`${event.type},`)).toBe(true);
    expectRefused('long', forged, event.seq, `${event.type}: ${refusalAt('long', event.seq, command, actor)}`);
  });

  it('game.created, for more players than the game has', () => {
    const created = find('ended', 'game.created');
    const forged = withPayload(games.ended.record(), created.seq, { ...created.payload, seats: 9 });
    const refused = decideCreate({ ...CREATE_COUNTING, seats: 9 }, ANN, {
      commitment: 'c',
      fixedSeed: false,
      drawRecipe: 2,
      rulesetVersion: 1,
      hostName: 'Ann',
      madeClientSeed: 'made',
    });
    expectRefused('ended', forged, 1, `game.created: ${!refused.ok && refused.message}`);
  });

  it('game.endedByHost, by a player who is not the host', () => {
    const ended = find('ended', 'game.endedByHost');
    const seat = ended.payload.seat as number;
    expectRefused(
      'ended',
      withActor(games.ended.record(), ended.seq, BOB, 1),
      ended.seq,
      `game.endedByHost: ${refusalAt('ended', ended.seq, { type: 'resolveDeadline', seat, action: 'END', deadlinePassed: true }, BOB)}`,
    );
  });

  it('game.resigned, by someone without a seat', () => {
    const resigned = find('resigned', 'game.resigned');
    expectRefused(
      'resigned',
      withActor(games.resigned.record(), resigned.seq, EVE, null),
      resigned.seq,
      `game.resigned: ${refusalAt('resigned', resigned.seq, { type: 'resign' }, EVE)}`,
    );
  });

  it('game.invitationDeclined, of an invitation declined before', () => {
    const game = new ScriptedGame(countingGame, 2)
      .run({ type: 'invite', invitees: [{ invitationId: 'i1', accountId: null }] }, ANN)
      .run(declineInvitation('i1'), CAT);
    const refused = decide(gameAfter(game.events), declineInvitation('i1'), CAT, NOW);
    game.forge([{ type: 'game.invitationDeclined', payload: { invitationId: 'i1' }, actorUserId: CAT }]);
    expect(verifyRecord(game.record(), rulesetOf(countingGame))).toEqual({
      ok: false,
      seq: game.events.length,
      problem: `game.invitationDeclined: ${!refused.ok && refused.message}`,
    });
  });

  /** `game` with `player`'s add of `amount` written as a server that accepted it would have, verified: refused as the decider refuses the move. */
  function expectAddRefused(game: ScriptedGame, ruleset: AnyRuleset, player: string, amount: number): void {
    const before = gameAfter(game.events, ruleset);
    const seat = before.state.seats.indexOf(player);
    const move = { type: 'add', amount };
    const refused = decide(before, { type: 'move', move, expectedVersion: before.version }, player, NOW);
    game.forge([{ type: 'added', payload: { seat, amount }, actorUserId: player, actorSeat: seat, stepStart: true, reversible: true, move }]);
    expect(verifyRecord(game.record(), rulesetOf(ruleset))).toEqual({
      ok: false,
      seq: before.version + 1,
      problem: `the move ${JSON.stringify(move)} of seat ${seat}: ${!refused.ok && refused.message}`,
    });
  }

  it("a player's move, by a player who left while the bot that takes over their seat was yet to move", () => {
    const game = new ScriptedGame(countingGame, 2, { whenPlayerLeaves: 'BOT' }).run(join(), BOB).run({ type: 'start' }, ANN);
    if (game.toAct !== BOB) game.turn();
    expectAddRefused(game.run({ type: 'resign' }, BOB), countingGame, BOB, 1);
  });

  it("a player's move its rules accept but do not list", () => {
    const game = new ScriptedGame(countingAcceptingUnlisted, 2).run(join(), BOB).run({ type: 'start' }, ANN);
    expectAddRefused(game, countingAcceptingUnlisted, game.toAct, 2);
  });

  describe('substitutes', () => {
    const record = () => games.substituted.record();
    const offers = () => record().events.filter((event) => event.type === 'game.seatOffered');
    const refusedAs = (forged: GameRecord, event: RecordEvent, command: PlatformCommand, actor: string) =>
      expectRefused('substituted', forged, event.seq, `${event.type}: ${refusalAt('substituted', event.seq, command, actor)}`);

    it('game.seatReassigned, taking the offer that was replaced', () => {
      const taken = find('substituted', 'game.seatReassigned');
      const forged = withPayload(record(), taken.seq, { ...taken.payload, offerSeq: offers()[0].seq });
      refusedAs(forged, taken, { type: 'takeSeat', invitationId: 'o1' }, EVE);
    });

    it('game.seatReassigned, to a player already seated', () => {
      const taken = find('substituted', 'game.seatReassigned');
      const forged = withActor(withPayload(record(), taken.seq, { ...taken.payload, userId: ANN }), taken.seq, ANN, 1);
      refusedAs(forged, taken, { type: 'takeSeat', invitationId: 'o3' }, ANN);
    });

    it('game.seatOffered, by the host before the seat’s deadline passed', () => {
      const first = offers()[0];
      refusedAs(withActor(record(), first.seq, ANN, 0), first, { type: 'offerSeat', seat: 1, invitee: { invitationId: 'o1', accountId: null } }, ANN);
    });

    it('game.seatOfferWithdrawn, by a player who neither offered the seat nor holds it', () => {
      const withdrawn = find('substituted', 'game.seatOfferWithdrawn');
      refusedAs(withActor(record(), withdrawn.seq, ANN, 0), withdrawn, { type: 'withdrawSeatOffer', seat: 1 }, ANN);
    });
  });

  // What the server adds to an append: no command writes it, so what completes the append decides it.
  it.each([
    ['game.takenBack', 'game.takebackAnswered'],
    ['game.endedByAgreement', 'game.endAnswered'],
  ])('%s, when the last answer (%s) declined', (type, answerType) => {
    const answer = find('long', answerType, 1);
    const outcome = find('long', type);
    const forged = withPayload(games.long.record(), answer.seq, { ...answer.payload, accept: false });
    expect(verifyRecord(forged, rulesetOf(skippable))).toEqual({
      ok: false,
      seq: outcome.seq,
      problem: `${type}: completing the append before it gives nothing more: the server wrote no such event there`,
    });
  });

  it('game.turnSkipped of a seat that left, passed over for another seat', () => {
    const passedOver = games.long.record().events.find((event) => event.type === 'game.turnSkipped' && event.payload.resigned === true)!;
    const forged = withPayload(games.long.record(), passedOver.seq, { ...passedOver.payload, seat: (passedOver.payload.seat as number) === 1 ? 2 : 1 });
    expect(verifyRecord(forged, rulesetOf(skippable))).toMatchObject({
      ok: false,
      seq: passedOver.seq,
      problem: expect.stringMatching(/^completing its append gives .*"resigned":true.* where event \d+ records/),
    });
  });

  it('game.seedRevealed, revealing another seed', () => {
    const revealed = find('resigned', 'game.seedRevealed');
    const forged = withPayload(games.resigned.record(), revealed.seq, { serverSeed: 'another seed' });
    expect(verifyRecord(forged, rulesetOf(countingGame))).toMatchObject({
      ok: false,
      seq: revealed.seq,
      problem: expect.stringMatching(/^completing its append gives .* where event \d+ records .*another seed/),
    });
  });
});

describe('a record whose status is not the one its events leave the game in', () => {
  const opened = NOW.toISOString();
  const expiredTable = () => new ScriptedGame(countingGame, 2).later(15 * 24).run({ type: 'expire', openedAt: opened }, null);
  const withStatus = (record: GameRecord, status: GameRecord['game']['status']): GameRecord => ({ ...record, game: { ...record.game, status } });

  it('verifies for a table that expired unstarted, recorded as such', () => {
    expect(verifyRecord(expiredTable().record(), rulesetOf(countingGame))).toMatchObject({ ok: true, complete: true });
  });

  it('is refused: an expired table recorded as waiting, a finished game recorded as being played', () => {
    const expired = expiredTable().record();
    expect(verifyRecord(withStatus(expired, 'LOBBY'), rulesetOf(countingGame))).toEqual({
      ok: false,
      seq: expired.events.length,
      problem: 'the events leave the game expired, but the record says it is lobby',
    });
    const resigned = games.resigned.record();
    expect(verifyRecord(withStatus(resigned, 'ACTIVE'), rulesetOf(countingGame))).toEqual({
      ok: false,
      seq: resigned.events.length,
      problem: 'the events leave the game finished, but the record says it is active',
    });
  });
});
