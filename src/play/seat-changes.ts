/**
 * Seats changing hands (substitutes): what an offer of a seat, its
 * withdrawal and its acceptance do to the folded state. Pure. When each may
 * be written is decided by the platform's decider (platform/seat-offers.ts),
 * which the server runs to write it and the verifier runs again.
 *
 * Each of them is a point no undo, takeback or rollback goes back past
 * (`seatsChangedAt`, read by platform/return-point.ts), so a jump never
 * brings back an offer since withdrawn, nor a seat's earlier player: a
 * pending takeback request ends with it, as with a player's leaving.
 */
import { lifeOf, withoutKey } from './game-life';
import type { FoldableEvent, GameLife, GameState, SeatOffer } from './game-state-types';
import { SeatOffered, SeatOfferedPayload, SeatOfferWithdrawn, SeatOfferWithdrawnPayload, SeatReassigned, SeatReassignedPayload } from './platform-events';

const SEAT_CHANGES: ReadonlySet<string> = new Set([SeatOffered, SeatOfferWithdrawn, SeatReassigned]);

export function isSeatChange(type: string): boolean {
  return SEAT_CHANGES.has(type);
}

/** The seats offered and not yet taken: seat → offer. */
export function pendingOffers(state: GameState): Record<number, SeatOffer> {
  return lifeOf(state).offers ?? {};
}

/** Who held `seat` when the event `seq` was written (its moves are theirs), though it may have changed hands since. */
export function holderAt(state: GameState, seat: number, seq: number): string | null {
  const next = (lifeOf(state).handedOver ?? []).find((handed) => handed.seat === seat && handed.seq > seq);
  return next ? next.from : (state.seats[seat] ?? null);
}

/** Everyone who held a seat of the game before it changed hands. */
export function earlierHolders(state: GameState): string[] {
  return (lifeOf(state).handedOver ?? []).map((handed) => handed.from);
}

export function foldSeatChange(state: GameState, event: FoldableEvent, linePosition: number): GameState {
  const life = lifeOf(state);
  // A takeback waiting for answers might go back past this point: it ends here.
  const sealed: GameLife = { ...life, seatsChangedAt: event.seq, proposal: life.proposal?.kind === 'takeback' ? null : life.proposal };
  switch (event.type) {
    case SeatOffered: {
      const { seat, invitationId } = event.payload as unknown as SeatOfferedPayload;
      const offer: SeatOffer = { seq: event.seq, invitationId, by: event.actorUserId ?? '' };
      return { ...state, linePosition, undoable: [], life: { ...sealed, offers: { ...life.offers, [seat]: offer } } };
    }
    case SeatOfferWithdrawn: {
      const { seat } = event.payload as unknown as SeatOfferWithdrawnPayload;
      return { ...state, linePosition, undoable: [], life: { ...sealed, offers: withoutKey(life.offers ?? {}, seat) } };
    }
    case SeatReassigned: {
      const { seat, userId, previousUserId } = event.payload as unknown as SeatReassignedPayload;
      const taken = life.offers?.[seat];
      const handedOver = [...(life.handedOver ?? []), { seat, seq: event.seq, invitationId: taken?.invitationId ?? '', from: previousUserId }];
      // The new player answers for the seat from here: no agreement, lateness or step of the one before is theirs.
      return {
        ...state,
        linePosition,
        undoable: [],
        seats: state.seats.map((holder, i) => (i === seat ? userId : holder)),
        life: { ...sealed, proposal: null, overdue: withoutKey(life.overdue, seat), offers: withoutKey(life.offers ?? {}, seat), handedOver },
      };
    }
    default:
      throw new Error(`${event.type} is not a change of a seat's hands`);
  }
}
