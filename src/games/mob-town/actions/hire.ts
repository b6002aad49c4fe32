/**
 * Hire Professional (Professionals variant): spend a briefcase for a face-up
 * professional. Its granted actions follow at once (see turn.ts); a "keep"
 * professional stays in front of its owner until the round ends. The row is
 * refilled right after hiring, reshuffling the discards when the deck is out.
 */
import type { Seat } from '../../../rules/contract';
import { PROFESSIONALS_FACE_UP } from '../data/professionals';
import type { Move, MoveOf } from '../moves';
import type { State } from '../state';
import { finishStep } from '../turn';
import type { Tx } from '../tx';

export function hireMoves(state: State, seat: Seat): Move[] {
  if (!state.professionals || state.players[seat].briefcases < 1) return [];
  return state.professionals.row.map((professional) => ({ type: 'hire', professional }));
}

export function applyHire(tx: Tx, seat: Seat, move: MoveOf<'hire'>): void {
  tx.emit({ type: 'briefcaseSpent', seat });
  tx.emit({ type: 'professionalHired', seat, professional: move.professional });
  refillProfessionals(tx);
  finishStep(tx);
}

export function refillProfessionals(tx: Tx): void {
  for (;;) {
    const pros = tx.state.professionals!;
    if (pros.row.length >= PROFESSIONALS_FACE_UP) return;
    if (!pros.deck.length) {
      if (!pros.discard.length) return;
      tx.emit({ type: 'professionalsReshuffled' });
      continue;
    }
    tx.emit({ type: 'professionalsRevealed', professionals: [pros.deck[tx.random.int(pros.deck.length)]] });
  }
}
