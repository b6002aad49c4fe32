/** Substitutes: a seat offered, the offer withdrawn or replaced, and accepted; given/when/then over events, every refusal included. */
import { DeadlinePassed, EndedByHost, PlayerResigned, SeatOffered, SeatOfferWithdrawn, SeatReassigned, TakebackRequested } from '../platform-events';
import { ANN, BOB, CAT, created, EVE, gameAfter, given, type GivenEvent, HOUR, NOW, playing, seatTaken, turn } from './test-support/specification';

const offered = (seat: number, by: string, invitationId = 'offer-1', bySeat: number | null = seat): GivenEvent => ({
  type: SeatOffered,
  payload: { seat, invitationId },
  actorUserId: by,
  actorSeat: bySeat,
});
const withdrawn = (seat: number, by: string, offerSeq: number): GivenEvent => ({
  type: SeatOfferWithdrawn,
  payload: { seat, offerSeq },
  actorUserId: by,
  actorSeat: seat,
});
const reassigned = (seat: number, userId: string, previousUserId: string, offerSeq: number): GivenEvent => ({
  type: SeatReassigned,
  payload: { seat, userId, previousUserId, offerSeq },
  actorUserId: userId,
  actorSeat: seat,
});
const deadlinePassed = (seat: number, userId: string): GivenEvent => ({ type: DeadlinePassed, payload: { seat, userId } });
const offerSeat = (seat: number, accountId: string | null = null, invitationId = 'offer-1') =>
  ({ type: 'offerSeat', seat, invitee: { invitationId, accountId } }) as const;
const takeSeat = (invitationId: string | null = 'offer-1') => ({ type: 'takeSeat', invitationId }) as const;

/** Ann's turn (versions 6, 7), Bob to play. */
const oneTurn = () => [...playing(2), ...turn(0)];
/** Bob offered his seat (version 8). */
const bobOffered = () => [...oneTurn(), offered(1, BOB)];

describe('offering a seat', () => {
  it('by its player: the offer names its invitation, never the address', () => {
    given(oneTurn())
      .when(offerSeat(1, EVE), BOB)
      .then([offered(1, BOB)]);
  });

  it('by the host, for a seat whose move deadline passed', () => {
    given([...oneTurn(), deadlinePassed(1, BOB)])
      .when(offerSeat(1), ANN)
      .then([offered(1, ANN, 'offer-1', 0)]);
  });

  it('again: the newer offer replaces the older one', () => {
    const events = [...bobOffered(), offered(1, BOB, 'offer-2')];
    expect(gameAfter(events).state.life?.offers).toEqual({ 1: { seq: 9, invitationId: 'offer-2', by: BOB } });
  });

  it('changes nothing of the play: the draws stay where they were, and no undo or takeback goes back past it', () => {
    const before = gameAfter([...playing(2), turn(0)[0]]);
    const after = gameAfter([...playing(2), turn(0)[0], offered(0, ANN)]);
    expect(after.state.linePosition).toBe(before.state.linePosition);
    expect(before.state.undoable).toHaveLength(1);
    expect(after.state.undoable).toEqual([]);
  });

  it('ends a takeback waiting for answers, which would go back past it', () => {
    const asked: GivenEvent = {
      type: TakebackRequested,
      payload: { seat: 0, toVersion: 6, reason: 'oops', expiresAt: new Date(NOW.getTime() + 48 * HOUR).toISOString() },
      actorUserId: ANN,
      actorSeat: 0,
    };
    expect(gameAfter([...oneTurn(), ...turn(1), asked, offered(1, BOB)]).state.life?.proposal).toBeNull();
  });

  it.each([
    ['not yours', oneTurn(), offerSeat(0), BOB, 'FORBIDDEN', 'You can offer only your own seat.'],
    ['by someone without a seat', oneTurn(), offerSeat(1), EVE, 'FORBIDDEN', 'You can offer only your own seat.'],
    ['by the host, before the deadline passed', oneTurn(), offerSeat(1), ANN, 'DEADLINE_NOT_PASSED', "seat 2's has not"],
    ['to a player already seated', oneTurn(), offerSeat(1, ANN), BOB, 'ALREADY_SEATED', 'That player already has a seat in this game.'],
    ['to your own address', oneTurn(), offerSeat(1, BOB), BOB, 'ALREADY_SEATED', 'That is your own address'],
    ['before the start', [created(), seatTaken(0, ANN), seatTaken(1, BOB)], offerSeat(1), BOB, 'GAME_NOT_ACTIVE', 'The game has not started yet.'],
    [
      'after the end',
      [...oneTurn(), { type: EndedByHost, payload: { reason: 'enough' }, actorUserId: ANN }],
      offerSeat(1),
      BOB,
      'GAME_NOT_ACTIVE',
      'The game is over.',
    ],
    ['of a seat that does not exist', oneTurn(), offerSeat(2), BOB, 'BAD_USER_INPUT', 'seat must be from 0 to 1'],
    [
      'of a seat that left',
      [...playing(3), { type: PlayerResigned, payload: { seat: 2, userId: CAT }, actorUserId: CAT, actorSeat: 2 }],
      offerSeat(2),
      ANN,
      'ALREADY_DONE',
      'has left the game',
    ],
  ] as const)('is refused %s', (_what, events, command, actor, code, words) => {
    given(events).when(command, actor).thenRefused(code, words);
  });
});

describe('withdrawing an offer', () => {
  it('by whoever offered it', () => {
    given(bobOffered())
      .when({ type: 'withdrawSeatOffer', seat: 1 }, BOB)
      .then([withdrawn(1, BOB, 8)]);
  });

  it('by the seat’s player, when the host offered it', () => {
    given([...oneTurn(), deadlinePassed(1, BOB), offered(1, ANN, 'offer-1', 0)])
      .when({ type: 'withdrawSeatOffer', seat: 1 }, BOB)
      .then([withdrawn(1, BOB, 9)]);
  });

  it.each([
    ['when none is pending', oneTurn(), BOB, 'NOTHING_PENDING', 'Seat 2 is not offered to anyone.'],
    ['twice', [...bobOffered(), withdrawn(1, BOB, 8)], BOB, 'NOTHING_PENDING', 'Seat 2 is not offered to anyone.'],
    ['by another player', bobOffered(), ANN, 'FORBIDDEN', 'Only whoever offered the seat, or its player, can withdraw the offer.'],
  ] as const)('is refused %s', (_what, events, actor, code, words) => {
    given(events).when({ type: 'withdrawSeatOffer', seat: 1 }, actor).thenRefused(code, words);
  });
});

describe('taking over a seat', () => {
  it('by the invitee: the seat changes hands, with the seat to act and the view from then on', () => {
    given(bobOffered())
      .when(takeSeat(), EVE)
      .then([reassigned(1, EVE, BOB, 8)]);
    const after = gameAfter([...bobOffered(), reassigned(1, EVE, BOB, 8)]);
    expect(after.state.seats).toEqual([ANN, EVE]);
    expect(after.state.life?.offers).toEqual({});
  });

  it('in a game that pauses on weekends, with the new player’s time zone: their weekends pause the seat from then on', () => {
    const weekends = { moveDeadline: { hoursPerMove: 24, pauseOnWeekends: true, reminderHoursBefore: 0, onExpiry: 'ASK_HOST' } };
    const offeredThere = [...playing(2, weekends), ...turn(0), offered(1, BOB)];
    given(offeredThere)
      .when({ ...takeSeat(), timeZone: 'Asia/Tokyo' }, EVE)
      .then([{ ...reassigned(1, EVE, BOB, 8), payload: { seat: 1, userId: EVE, previousUserId: BOB, offerSeq: 8, timeZone: 'Asia/Tokyo' } }]);
    const taken = { ...reassigned(1, EVE, BOB, 8), payload: { seat: 1, userId: EVE, previousUserId: BOB, offerSeq: 8, timeZone: 'Asia/Tokyo' } };
    expect(gameAfter([...offeredThere, taken]).state.timeZones?.[1]).toBe('Asia/Tokyo');
  });

  it('in a group’s game, only by a member of the group, whoever offered the seat', () => {
    const inClub = [...playing(2, { groupId: 'club' }), ...turn(0), offered(1, BOB)];
    given(inClub).when(takeSeat(), EVE).thenRefused('NOT_GROUP_MEMBER', 'only its members may take a seat in it');
    given(inClub)
      .when({ ...takeSeat(), groupMember: true }, EVE)
      .then([reassigned(1, EVE, BOB, 8)]);
  });

  it('ends the seat’s lateness: its new player is not late', () => {
    const after = gameAfter([...oneTurn(), deadlinePassed(1, BOB), offered(1, ANN, 'offer-1', 0), reassigned(1, EVE, BOB, 9)]);
    expect(after.state.life?.overdue).toEqual({});
  });

  it('the new player moves in the seat, the moves before stay the old player’s', () => {
    given([...bobOffered(), reassigned(1, EVE, BOB, 8)])
      .when({ type: 'move', move: { type: 'add', amount: 1 }, expectedVersion: 9 }, EVE)
      .thenMatching([{ type: 'added', actorUserId: EVE, actorSeat: 1 }]);
    given([...bobOffered(), reassigned(1, EVE, BOB, 8)])
      .when({ type: 'move', move: { type: 'add', amount: 1 }, expectedVersion: 9 }, BOB)
      .thenRefused('FORBIDDEN', 'You do not have a seat in this game.');
  });

  it('is a point no rollback goes back past', () => {
    const events = [...bobOffered(), reassigned(1, EVE, BOB, 8), ...turn(1)];
    given(events)
      .when({ type: 'rollback', toVersion: 7, reason: 'back', returnPoint: { setAside: false, insideOneStep: false, playedSince: true } }, ANN)
      .thenRefused('BAD_USER_INPUT', 'toVersion must be from 9 (when a seat was last offered or taken over)');
  });

  it.each([
    ['a withdrawn offer', [...bobOffered(), withdrawn(1, BOB, 8)], takeSeat(), EVE, 'NOTHING_PENDING', 'the offer was withdrawn, or replaced'],
    ['a replaced offer', [...bobOffered(), offered(1, BOB, 'offer-2')], takeSeat('offer-1'), EVE, 'NOTHING_PENDING', 'the offer was withdrawn, or replaced'],
    ['without an invitation', bobOffered(), takeSeat(null), EVE, 'NOTHING_PENDING', 'No seat is offered to you'],
    ['twice', [...bobOffered(), reassigned(1, EVE, BOB, 8)], takeSeat(), EVE, 'ALREADY_DONE', 'You have already taken over seat 2.'],
    ['by a player already seated', bobOffered(), takeSeat(), ANN, 'ALREADY_SEATED', 'You already have a seat in this game.'],
    [
      'once the seat’s player left',
      [...playing(3), offered(2, CAT), { type: PlayerResigned, payload: { seat: 2, userId: CAT }, actorUserId: CAT, actorSeat: 2 }],
      takeSeat(),
      EVE,
      'NOTHING_PENDING',
      'No seat is offered to you',
    ],
    [
      'after the end',
      [...bobOffered(), { type: EndedByHost, payload: { reason: 'enough' }, actorUserId: ANN }],
      takeSeat(),
      EVE,
      'GAME_NOT_ACTIVE',
      'The game is over.',
    ],
  ] as const)('is refused for %s', (_what, events, command, actor, code, words) => {
    given(events).when(command, actor).thenRefused(code, words);
  });
});
