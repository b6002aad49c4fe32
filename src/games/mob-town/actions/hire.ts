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
import type { Next } from '../next';
import type { Context } from '../context';

export function hireMoves(state: State, seat: Seat): Move[] {
  if (!state.professionals || state.players[seat].briefcases < 1) return [];
  return state.professionals.row.map((professional) => ({ type: 'hire', professional }));
}

export function applyHire(ctx: Context, seat: Seat, move: MoveOf<'hire'>): Next {
  ctx.log.push({ type: 'briefcaseSpent', seat });
  ctx.log.push({ type: 'professionalHired', seat, professional: move.professional });
  refillProfessionals(ctx);
  return 'actionDone';
}

export function refillProfessionals(ctx: Context): void {
  for (;;) {
    const pros = ctx.log.state.professionals!;
    if (pros.row.length >= PROFESSIONALS_FACE_UP) return;
    if (!pros.deck.length) {
      if (!pros.discard.length) return;
      ctx.log.push({ type: 'professionalsReshuffled' });
      continue;
    }
    ctx.log.push({ type: 'professionalsRevealed', professionals: [pros.deck[ctx.random.int(pros.deck.length)]] });
  }
}
