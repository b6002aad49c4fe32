/**
 * Substitutes: a seat offered to someone else, by its player (who must
 * leave) or by the host once the seat's move deadline has passed; the offer
 * withdrawn; the offer accepted, when the seat changes hands. Who the
 * invitee is (an address, never in the events) is the invitations' business
 * (src/invitations/): the offer names its invitation, and accepting it comes
 * with the invitation the caller holds, as the server found it.
 */
import { leftSeats, lifeOf } from '../game-life';
import { seatOf } from '../game-state';
import { SeatOffered, SeatOfferedPayload, SeatOfferWithdrawn, SeatOfferWithdrawnPayload, SeatReassigned, SeatReassignedPayload } from '../platform-events';
import { pendingOffers } from '../seat-changes';
import { type Decision, decided, type Refusal, refuse } from './decision';
import { type GameAt, requireActive, seatArgument } from './game-at';
import { type Invitee, notInGroup, weekendZone } from './lobby';

export interface SeatOfferCommand {
  type: 'offerSeat';
  seat: number;
  invitee: Invitee;
}

/** Accepting an offer: the caller's invitation to the game, as the server found it (null: none). */
export interface TakeSeatCommand {
  type: 'takeSeat';
  invitationId: string | null;
  /** The player's time zone (me.timeZone), recorded with the seat where the game pauses on weekends; null: UTC. */
  timeZone?: string | null;
  /** Whether the player is a member of the game's group (a game created in one, src/groups/); absent: not. */
  groupMember?: boolean;
}

/** Why the actor may not offer `seat`: it is not theirs, or (the host) its deadline has not passed. */
function offerRefusal(game: GameAt, seat: number, actor: string): Refusal | null {
  const { state } = game;
  const refused = requireActive(game) ?? seatArgument(seat, state.seats.length);
  if (refused) return refused;
  if (leftSeats(state).includes(seat)) return refuse('ALREADY_DONE', 'That player has left the game: its turns are passed over.');
  if (state.seats[seat] === actor) return null;
  if (actor !== state.hostId) return refuse('FORBIDDEN', 'You can offer only your own seat.');
  if (lifeOf(state).overdue[seat] === undefined) {
    return refuse('DEADLINE_NOT_PASSED', `The host can offer a player's seat only once their move deadline has passed, and seat ${seat + 1}'s has not.`);
  }
  return null;
}

/** The offer, replacing any older one of the same seat. */
export function decideSeatOffer(game: GameAt, command: SeatOfferCommand, actor: string): Decision {
  const refused = offerRefusal(game, command.seat, actor);
  if (refused) return refused;
  const { accountId, invitationId } = command.invitee;
  if (accountId !== null && game.state.seats.includes(accountId)) {
    return refuse(
      'ALREADY_SEATED',
      accountId === actor ? 'That is your own address: offer the seat to someone else.' : 'That player already has a seat in this game.',
    );
  }
  const payload: SeatOfferedPayload = { seat: command.seat, invitationId };
  return decided([{ type: SeatOffered, payload: { ...payload }, actorUserId: actor, actorSeat: seatOf(game.state, actor) }]);
}

/** Whoever offered the seat, or the seat's player, takes the offer back before it is accepted. */
export function decideOfferWithdrawal(game: GameAt, seat: number, actor: string): Decision {
  const { state } = game;
  const refused = requireActive(game) ?? seatArgument(seat, state.seats.length);
  if (refused) return refused;
  const offer = pendingOffers(state)[seat];
  if (!offer) return refuse('NOTHING_PENDING', `Seat ${seat + 1} is not offered to anyone.`);
  if (actor !== offer.by && actor !== state.seats[seat]) return refuse('FORBIDDEN', 'Only whoever offered the seat, or its player, can withdraw the offer.');
  const payload: SeatOfferWithdrawnPayload = { seat, offerSeq: offer.seq };
  return decided([{ type: SeatOfferWithdrawn, payload: { ...payload }, actorUserId: actor, actorSeat: seatOf(state, actor) }]);
}

/** The invitee accepts the offer their invitation carries: the seat is theirs from here on. */
export function decideSeatTaking(game: GameAt, command: TakeSeatCommand, actor: string): Decision {
  const { state } = game;
  const refused = requireActive(game);
  if (refused) return refused;
  const { invitationId } = command;
  const taken = lifeOf(state).handedOver?.find((handed) => handed.invitationId === invitationId);
  if (taken && state.seats[taken.seat] === actor) return refuse('ALREADY_DONE', `You have already taken over seat ${taken.seat + 1}.`);
  const offered = Object.entries(pendingOffers(state)).find(([, offer]) => offer.invitationId === invitationId);
  if (invitationId === null || !offered)
    return refuse('NOTHING_PENDING', 'No seat is offered to you in this game: the offer was withdrawn, or replaced by a newer one.');
  if (state.seats.includes(actor)) return refuse('ALREADY_SEATED', 'You already have a seat in this game.');
  // A seat of a group's game goes only to a member, whoever offered it.
  const outsider = notInGroup(state.groupId, command.groupMember, 'take a seat in');
  if (outsider) return outsider;
  const seat = Number(offered[0]);
  const payload: SeatReassignedPayload = {
    seat,
    userId: actor,
    previousUserId: state.seats[seat]!,
    offerSeq: offered[1].seq,
    ...weekendZone(state.moveDeadline, command.timeZone),
  };
  return decided([{ type: SeatReassigned, payload: { ...payload }, actorUserId: actor, actorSeat: seat }]);
}
