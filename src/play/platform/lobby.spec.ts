/** The lobby's commands, given/when/then over events, every refusal included. */
import { drawRandom, fixedSeedClientSeed } from '../../randomness/draw-recipe';
import { GameStarted, InvitationDeclined, PlayerInvited, SeatGivenUp, SeatTaken, TableExpired } from '../platform-events';
import { decideCreate, type CreateFacts, type JoinAccess, lobbyActions, type LobbyActions, openToAnyone } from './lobby';
import {
  ANN,
  appended,
  BOB,
  CAT,
  CREATE_COUNTING,
  created,
  EVE,
  gameAfter,
  given,
  type GivenEvent,
  playing,
  SERVER_SEED,
  seatTaken,
  startedWith,
} from './test-support/specification';

const FACTS: CreateFacts = { commitment: 'c0ffee', fixedSeed: false, drawRecipe: 2, rulesetVersion: 1, hostName: 'Ann', madeClientSeed: 'made for Ann' };
const OPEN: JoinAccess = { invitation: null, inviteCode: 'none', keptForOthers: [] };
const join = (seat: number | null = null, access: Partial<JoinAccess> = {}, clientSeed: string | null = null) =>
  ({ type: 'join', seat, clientSeed, access: { ...OPEN, ...access }, madeClientSeed: 'made' }) as const;
const lobby = [created({ seats: 3 }), seatTaken(0, ANN)];
const privateLobby = [created({ seats: 3, visibility: 'PRIVATE' }), seatTaken(0, ANN)];

describe('creating a game', () => {
  it('writes the game, with the defaults applied, and seats its host with the seed the server made', () => {
    expect(decideCreate(CREATE_COUNTING, ANN, FACTS)).toEqual({
      ok: true,
      events: [
        created({ commitment: 'c0ffee', name: "Ann's Counting (test game) game", visibility: 'PUBLIC', autoStart: true }),
        { type: SeatTaken, payload: { seat: 0, userId: ANN, clientSeed: 'made for Ann' }, actorUserId: ANN, actorSeat: 0 },
      ],
    });
  });

  it('keeps that the game starts by itself when full, unless its host said it waits for them', () => {
    const asked = decideCreate({ ...CREATE_COUNTING, autoStart: true }, ANN, FACTS);
    expect(asked.ok && asked.events[0].payload).toMatchObject({ autoStart: true });
    const notAsked = decideCreate({ ...CREATE_COUNTING, autoStart: false }, ANN, FACTS);
    expect(notAsked.ok && notAsked.events[0].payload).not.toHaveProperty('autoStart');
  });

  it("keeps a rematch's name, visibility, deadlines and host seat; a fixed-seed game's host gets a seed anyone can predict", () => {
    const rematch = { ...CREATE_COUNTING, name: ' Friday ', visibility: 'PRIVATE' as const, hostSeat: 1, rematchOf: 'g1', moveDeadline: { hoursPerMove: 24 } };
    expect(decideCreate(rematch, ANN, { ...FACTS, fixedSeed: true })).toMatchObject({
      ok: true,
      events: [
        {
          payload: {
            name: 'Friday',
            visibility: 'PRIVATE',
            rematchOf: 'g1',
            fixedSeed: true,
            moveDeadline: { hoursPerMove: 24, reminderHoursBefore: 12, onExpiry: 'ASK_HOST' },
          },
        },
        { payload: { seat: 1, clientSeed: fixedSeedClientSeed(1) }, actorSeat: 1 },
      ],
    });
  });

  it('records a game its host chose not to rate; a rated game, the default, records nothing', () => {
    const unrated = decideCreate({ ...CREATE_COUNTING, rated: false }, ANN, FACTS);
    expect(unrated.ok && unrated.events[0].payload).toMatchObject({ rated: false });
    const rated = decideCreate({ ...CREATE_COUNTING, rated: true }, ANN, FACTS);
    expect(rated.ok && rated.events[0].payload).not.toHaveProperty('rated');
  });

  it.each([
    ['bots', { bots: [{ seat: 1, level: 'RANDOM' as const }] }, FACTS, 'A game with bots is never rated'],
    ['a fixed seed', {}, { ...FACTS, fixedSeed: true }, 'A game with a fixed seed is never rated'],
  ])('refuses a rated game with %s', (_, command, facts, message) => {
    expect(decideCreate({ ...CREATE_COUNTING, ...command, rated: true }, ANN, facts)).toEqual({
      ok: false,
      code: 'BAD_USER_INPUT',
      message: `${message}: leave out rated, or set it to false.`,
    });
    expect(decideCreate({ ...CREATE_COUNTING, ...command }, ANN, facts)).toMatchObject({ ok: true });
  });

  it.each([
    ['too few players', { seats: 1 }, 'Counting (test game) is played by 2 to 4 players.'],
    ['too many players', { seats: 5 }, 'is played by 2 to 4 players'],
    ['options that are no object', { options: [1] }, 'options must be an object'],
    ['an option the game does not have', { options: { speed: 1 } }, 'has no option "speed"'],
    ['an option out of its range', { options: { target: 2 } }, 'option "target" must be a whole number from 3 to 10000000'],
    ['a name with a line break', { name: 'a\nb' }, 'The name of a game may not contain line breaks'],
    ['a name too long', { name: 'x'.repeat(81) }, 'The name of a game must be 1 to 80 characters long.'],
    ['an empty client seed', { clientSeed: '' }, 'clientSeed must be 1 to 200 characters.'],
    ['a deadline of no hours', { moveDeadline: { hoursPerMove: 0 } }, 'hoursPerMove must be a whole number from 1 to 1440.'],
    ['a reminder after the deadline', { moveDeadline: { hoursPerMove: 4, reminderHoursBefore: 4 } }, 'reminderHoursBefore must be a whole number'],
    ['a skip the game cannot make', { moveDeadline: { hoursPerMove: 4, onExpiry: 'SKIP' as const } }, "cannot skip a player's turn"],
    ['a host seat the game does not have', { hostSeat: 2 }, 'seat must be from 0 to 1'],
  ])('refuses %s', (_what, change, words) => {
    expect(decideCreate({ ...CREATE_COUNTING, ...change }, ANN, FACTS)).toMatchObject({
      ok: false,
      code: 'BAD_USER_INPUT',
      message: expect.stringContaining(words),
    });
  });
});

describe('taking a seat', () => {
  it('seats the player in the first free seat, with the seed the server made', () => {
    given(lobby)
      .when(join(), BOB)
      .then([{ type: SeatTaken, payload: { seat: 1, userId: BOB, clientSeed: 'made' }, actorUserId: BOB, actorSeat: 1 }]);
  });

  it('in the seat asked for, with the seed the player brought; in a fixed-seed game the server makes a seed anyone can predict', () => {
    given(lobby)
      .when(join(2, {}, 'mine'), BOB)
      .then([{ type: SeatTaken, payload: { seat: 2, userId: BOB, clientSeed: 'mine' }, actorUserId: BOB, actorSeat: 2 }]);
    given([created({ seats: 3, fixedSeed: true }), seatTaken(0, ANN)])
      .when(join(2), BOB)
      .then([{ type: SeatTaken, payload: { seat: 2, userId: BOB, clientSeed: 'seat 3' }, actorUserId: BOB, actorSeat: 2 }]);
  });

  it('starts a game that starts by itself with the seat that fills it, as its host, drawn as the host would have drawn it', () => {
    const firstPlayer = drawRandom({ serverSeed: SERVER_SEED, clientSeeds: ['seed of ann', 'made'] }, 3).int(2);
    given([created({ autoStart: true }), seatTaken(0, ANN)])
      .when(join(), BOB)
      .then([
        { type: SeatTaken, payload: { seat: 1, userId: BOB, clientSeed: 'made' }, actorUserId: BOB, actorSeat: 1 },
        { type: GameStarted, payload: {}, actorUserId: ANN, actorSeat: 0 },
        { type: 'dealt', payload: { firstPlayer } },
      ]);
    given([created({ seats: 3, autoStart: true }), seatTaken(0, ANN)])
      .when(join(), BOB)
      .thenMatching([{ type: SeatTaken }]);
  });

  it('in a private game, with its invite code or an invitation, in the seat the invitation keeps', () => {
    given(privateLobby)
      .when(join(null, { inviteCode: 'valid' }), BOB)
      .thenMatching([{ payload: { seat: 1 } }]);
    given(privateLobby)
      .when(join(null, { invitation: { seat: 2 } }), BOB)
      .thenMatching([{ payload: { seat: 2 } }]);
  });

  it('not elsewhere than a seat kept for others', () => {
    given(lobby)
      .when(join(null, { keptForOthers: [1] }), BOB)
      .thenMatching([{ payload: { seat: 2 } }]);
  });

  it.each([
    ['a private game without its invite link', privateLobby, join(), 'FORBIDDEN', 'This game is private: only its invite link or an invitation lets you join.'],
    [
      'a private game with another invite code',
      privateLobby,
      join(null, { inviteCode: 'invalid' }),
      'FORBIDDEN',
      'This invite link is not valid for this game',
    ],
    ['a seat other than the one the invitation keeps', lobby, join(1, { invitation: { seat: 2 } }), 'BAD_USER_INPUT', 'Your invitation keeps seat 3 for you.'],
    ['a started game', [...playing(2)], join(), 'GAME_NOT_ACTIVE', 'The game has already started: no seat can be taken now.'],
    ['a second seat', [...lobby, seatTaken(1, BOB)], join(), 'BAD_USER_INPUT', 'You already have a seat in this game.'],
    ['a full game', [...lobby, seatTaken(1, CAT), seatTaken(2, 'dan')], join(), 'BAD_USER_INPUT', 'Every seat is taken.'],
    ['a game whose free seats are kept', lobby, join(null, { keptForOthers: [1, 2] }), 'BAD_USER_INPUT', 'Every free seat is kept for an invited player.'],
    ['a seat the game does not have', lobby, join(3), 'BAD_USER_INPUT', 'seat must be from 0 to 2 (0 is the seat players call seat 1).'],
    ['a taken seat', lobby, join(0), 'BAD_USER_INPUT', 'Seat 1 is taken.'],
    ['a seat kept for another', lobby, join(1, { keptForOthers: [1] }), 'BAD_USER_INPUT', 'Seat 2 is kept for an invited player.'],
    ['a client seed too long', lobby, join(null, {}, 'x'.repeat(201)), 'BAD_USER_INPUT', 'clientSeed must be 1 to 200 characters.'],
  ] as const)('refuses %s', (_what, events, command, code, words) => {
    given(events).when(command, BOB).thenRefused(code, words);
  });
});

describe('giving up a seat before the start', () => {
  it('frees the seat of a player other than the host', () => {
    given([...lobby, seatTaken(2, BOB)])
      .when({ type: 'leave' }, BOB)
      .then([{ type: SeatGivenUp, payload: { seat: 2, userId: BOB }, actorUserId: BOB, actorSeat: 2 }]);
  });

  it.each([
    ['a player without a seat', lobby, BOB, 'FORBIDDEN', 'You do not have a seat in this game.'],
    ['a started game', playing(2), BOB, 'GAME_NOT_ACTIVE', 'The game has already started: you can only resign now.'],
    ['the host', lobby, ANN, 'FORBIDDEN', 'You are the host: the game keeps your seat until it starts.'],
  ] as const)('refuses %s', (_what, events, actor, code, words) => {
    given(events).when({ type: 'leave' }, actor).thenRefused(code, words);
  });
});

describe('inviting', () => {
  const invite = (...accounts: Array<string | null>) =>
    ({ type: 'invite', invitees: accounts.map((accountId, i) => ({ invitationId: `i${i}`, accountId })) }) as const;

  it('writes one event per invitation, naming the invitation, never the address', () => {
    given(lobby)
      .when(invite(BOB, null), ANN)
      .then([
        { type: PlayerInvited, payload: { invitationId: 'i0' }, actorUserId: ANN },
        { type: PlayerInvited, payload: { invitationId: 'i1' }, actorUserId: ANN },
      ]);
  });

  it.each([
    ['by anyone but the host', lobby, invite(CAT), BOB, 'FORBIDDEN', 'Only the host can invite players.'],
    ['to a started game', playing(2), invite(CAT), ANN, 'GAME_NOT_ACTIVE', 'The game has already started.'],
    ['to a full game', [created(), seatTaken(0, ANN), seatTaken(1, BOB)], invite(CAT), ANN, 'BAD_USER_INPUT', 'Every seat is taken.'],
    ['of the host', lobby, invite(ANN), ANN, 'BAD_USER_INPUT', 'That is your own address: you already have a seat in this game.'],
    ['of a seated player', [...lobby, seatTaken(1, BOB)], invite(BOB), ANN, 'BAD_USER_INPUT', 'That player already has a seat in this game.'],
  ] as const)('refuses an invitation %s', (_what, events, command, actor, code, words) => {
    given(events).when(command, actor).thenRefused(code, words);
  });
});

describe('declining an invitation', () => {
  const invited = (invitationId: string): GivenEvent => ({ type: PlayerInvited, payload: { invitationId }, actorUserId: ANN });
  const declined = (invitationId: string, by = EVE): GivenEvent => ({ type: InvitationDeclined, payload: { invitationId }, actorUserId: by });
  const decline = (...invitationIds: string[]) => ({ type: 'declineInvitation', invitationIds }) as const;
  const inviting = [...lobby, invited('i0'), invited('i1')];

  it('writes one event per invitation declined, by the invitee, naming the invitation, never the address', () => {
    given(inviting)
      .when(decline('i1'), EVE)
      .then([declined('i1')]);
    given(inviting)
      .when(decline('i0', 'i1'), EVE)
      .then([declined('i0'), declined('i1')]);
  });

  it('takes the invitation out of those waiting for an answer, and a started game lets every one lapse', () => {
    expect(gameAfter(inviting).state.invitations).toEqual(['i0', 'i1']);
    expect(gameAfter([...inviting, declined('i0')]).state.invitations).toEqual(['i1']);
    expect(gameAfter([...inviting, declined('i0'), declined('i1')]).state).not.toHaveProperty('invitations');
    expect(gameAfter([...inviting, seatTaken(1, BOB), seatTaken(2, CAT), ...startedWith(0)]).state).not.toHaveProperty('invitations');
  });

  it.each([
    ['with no invitation', inviting, decline(), EVE, 'NOTHING_PENDING', 'You have no invitation to this game waiting for an answer.'],
    ['twice', [...inviting, declined('i0')], decline('i0'), EVE, 'NOTHING_PENDING', 'That invitation is not waiting for an answer'],
    ['of an invitation never made in the game', inviting, decline('i9'), EVE, 'NOTHING_PENDING', 'That invitation is not waiting for an answer'],
    ['once the game started', [...inviting, seatTaken(1, BOB), seatTaken(2, CAT), ...startedWith(0)], decline('i0'), EVE, 'GAME_NOT_ACTIVE', 'already started'],
    ['by a seated player', [...inviting, seatTaken(1, BOB)], decline('i0'), BOB, 'ALREADY_SEATED', 'You already have a seat in this game'],
    ['by the host', inviting, decline('i0'), ANN, 'ALREADY_SEATED', 'You already have a seat in this game'],
    ['by the server', inviting, decline('i0'), null, 'FORBIDDEN', 'Only a player does that.'],
  ] as const)('refuses a decline %s', (_what, events, command, actor, code, words) => {
    given(events).when(command, actor).thenRefused(code, words);
  });
});

describe('starting', () => {
  const full = [created(), seatTaken(0, ANN), seatTaken(1, BOB)];

  it("writes the start and the ruleset's setup, drawn for this append", () => {
    const firstPlayer = drawRandom({ serverSeed: SERVER_SEED, clientSeeds: ['seed of ann', 'seed of bob'] }, 3).int(2);
    given(full)
      .when({ type: 'start' }, ANN)
      .then([
        { type: GameStarted, payload: {}, actorUserId: ANN, actorSeat: 0 },
        { type: 'dealt', payload: { firstPlayer } },
      ]);
  });

  it.each([
    ['by anyone but the host', full, BOB, 'FORBIDDEN', 'Only the host can start the game.'],
    ['twice', playing(2), ANN, 'GAME_NOT_ACTIVE', 'The game has already started.'],
    ['with a seat free', [created({ seats: 3 }), seatTaken(0, ANN)], ANN, 'BAD_USER_INPUT', 'Waiting for 2 more players to join.'],
  ] as const)('refuses a start %s', (_what, events, actor, code, words) => {
    given(events).when({ type: 'start' }, actor).thenRefused(code, words);
  });
});

describe('what the waiting room offers', () => {
  /** The game after `events` as asked what a player may do: it may draw nothing. */
  const asked = (events: GivenEvent[]) => ({
    ...gameAfter(events),
    draws: () => {
      throw new Error('asked what a player may do, the decider drew');
    },
  });
  const withBot = [created({ seats: 3, bots: [{ seat: 1, level: 'RANDOM' }] }), seatTaken(0, ANN)];
  const inGroup = [created({ seats: 3, groupId: 'g1' }), seatTaken(0, ANN)];

  it.each<[string, GivenEvent[], string, JoinAccess, LobbyActions]>([
    ['the host of a table with seats free', lobby, ANN, OPEN, { join: [], leave: false, start: false, invite: true }],
    ['the host of a full table', [...lobby, seatTaken(1, BOB), seatTaken(2, CAT)], ANN, OPEN, { join: [], leave: false, start: true, invite: false }],
    ['a player with a seat', [...lobby, seatTaken(1, BOB)], BOB, OPEN, { join: [], leave: true, start: false, invite: false }],
    ['a player without one', lobby, BOB, OPEN, { join: [1, 2], leave: false, start: false, invite: false }],
    ['a player, at a table with seats kept for others', lobby, BOB, { ...OPEN, keptForOthers: [1] }, { join: [2], leave: false, start: false, invite: false }],
    ['a player invited to one seat', lobby, BOB, { ...OPEN, invitation: { seat: 2 } }, { join: [2], leave: false, start: false, invite: false }],
    [
      'the host, when every free seat is kept for an invitation',
      lobby,
      ANN,
      { ...OPEN, keptForOthers: [1, 2] },
      { join: [], leave: false, start: false, invite: true },
    ],
    ['a player, where a bot plays a seat', withBot, BOB, OPEN, { join: [2], leave: false, start: false, invite: false }],
    ['a player of a private game, without its link', privateLobby, BOB, OPEN, { join: [], leave: false, start: false, invite: false }],
    [
      'a player of a private game, with its link',
      privateLobby,
      BOB,
      { ...OPEN, inviteCode: 'valid' },
      { join: [1, 2], leave: false, start: false, invite: false },
    ],
    ['a player of a group’s game, not in the group', inGroup, BOB, OPEN, { join: [], leave: false, start: false, invite: false }],
    ['a player of a group’s game, in the group', inGroup, BOB, { ...OPEN, groupMember: true }, { join: [1, 2], leave: false, start: false, invite: false }],
    ['anyone, once the game started', playing(2), ANN, OPEN, { join: [], leave: false, start: false, invite: false }],
  ])('to %s: exactly what the decider accepts', (_what, events, actor, access, actions) => {
    const offered = lobbyActions(asked(events), access, actor);
    expect(offered).toEqual(actions);
    const accepted = (command: Parameters<typeof appended>[1]) => appended(events, command, actor).ok;
    expect(offered).toEqual({
      join: [0, 1, 2].filter((seat) => accepted(join(seat, access))),
      leave: accepted({ type: 'leave' }),
      start: accepted({ type: 'start' }),
      invite: accepted({ type: 'invite', invitees: [{ invitationId: 'i0', accountId: null }] }),
    });
  });

  it('offers the seat that fills a game that starts by itself, drawing nothing', () => {
    expect(lobbyActions(asked([created({ autoStart: true }), seatTaken(0, ANN)]), OPEN, BOB)).toMatchObject({ join: [1] });
  });
});

describe('a table that expires', () => {
  const opened = '2026-04-20T09:00:00.000Z';
  const dayAfter = (days: number) => new Date(Date.parse(opened) + days * 24 * 3600 * 1000);

  it('is closed by the server 14 days after it was opened, and then nothing more happens in it', () => {
    given(lobby)
      .when({ type: 'expire', openedAt: opened }, null, dayAfter(14))
      .then([{ type: TableExpired, payload: { afterDays: 14 }, actorUserId: null }]);
    const closed = [...lobby, { type: TableExpired, payload: { afterDays: 14 } }];
    given(closed).when(join(), BOB).thenRefused('GAME_NOT_ACTIVE', 'This table expired before anyone started it.');
    given(closed).when({ type: 'start' }, ANN).thenRefused('GAME_NOT_ACTIVE');
    given(closed).when({ type: 'expire', openedAt: opened }, null, dayAfter(15)).thenRefused('GAME_NOT_ACTIVE');
  });

  it.each([
    ['before its 14 days', lobby, null, dayAfter(13.9), 'BAD_USER_INPUT', 'open for less than 14 days'],
    ['once started', playing(2), null, dayAfter(20), 'GAME_NOT_ACTIVE', 'The game has already started.'],
    ['by a player', lobby, ANN, dayAfter(20), 'FORBIDDEN', 'Only the server lets a table expire.'],
  ] as const)('is refused %s', (_what, events, actor, now, code, words) => {
    given(events).when({ type: 'expire', openedAt: opened }, actor, now).thenRefused(code, words);
  });
});

describe('a player command the server gives itself', () => {
  it('is refused: the server plays for nobody', () => {
    given(lobby).when(join(), null).thenRefused('FORBIDDEN', 'Only a player does that.');
  });
});

describe('games created in a group (club)', () => {
  const groupLobby = [created({ seats: 3, groupId: 'club' }), seatTaken(0, ANN)];

  it('records the group; only a member may create a game in it (the server tells the decider whether the host is one)', () => {
    const inGroup = decideCreate({ ...CREATE_COUNTING, groupId: 'club' }, ANN, { ...FACTS, hostInGroup: true });
    expect(inGroup.ok && inGroup.events[0].payload).toMatchObject({ groupId: 'club' });
    expect(decideCreate({ ...CREATE_COUNTING, groupId: 'club' }, ANN, FACTS)).toMatchObject({ ok: false, code: 'NOT_GROUP_MEMBER' });
    const outside = decideCreate(CREATE_COUNTING, ANN, FACTS);
    expect(outside.ok && outside.events[0].payload).not.toHaveProperty('groupId');
  });

  it('seats a member of the game’s group', () => {
    given(groupLobby)
      .when(join(null, { groupMember: true }), BOB)
      .then([{ type: SeatTaken, payload: { seat: 1, userId: BOB, clientSeed: 'made' }, actorUserId: BOB, actorSeat: 1 }]);
  });

  it('refuses anyone else, even with an invitation; a game outside any group asks nobody to be a member', () => {
    given(groupLobby).when(join(), BOB).thenRefused('NOT_GROUP_MEMBER', 'only its members may join');
    given(groupLobby)
      .when(join(null, { invitation: { seat: null } }), BOB)
      .thenRefused('NOT_GROUP_MEMBER', 'only its members may join');
    given(lobby)
      .when(join(null, { groupMember: false }), BOB)
      .then([{ type: SeatTaken, payload: { seat: 1, userId: BOB, clientSeed: 'made' }, actorUserId: BOB, actorSeat: 1 }]);
  });

  it('is open to anyone only when public and outside any group: the lobby lists no group’s game among the open games', () => {
    expect(openToAnyone(gameAfter(lobby).state)).toBe(true);
    expect(openToAnyone(gameAfter(groupLobby).state)).toBe(false);
    expect(openToAnyone(gameAfter(privateLobby).state)).toBe(false);
  });
});
