/**
 * The game's life beyond its rules (src/play/game-life.ts folds it):
 * players leaving for good (resigning, or removed by the host after their
 * deadline passed), takebacks by consent and ending by agreement, and the
 * lapse of a request nobody answered in time.
 */
import { lifeOf, leftSeats, pendingProposal, PROPOSAL_LIFETIME_MS, ProposalKind, seatsToAnswer } from '../game-life';
import { type GameState, seatOf } from '../game-state';
import {
  EndAnswered,
  EndedByAgreement,
  EndProposed,
  PlayerRemoved,
  PlayerResigned,
  ProposalAnsweredPayload,
  ProposalLapsed,
  ProposalWithdrawn,
  SeatLeftPayload,
  TakebackAnswered,
  TakebackRequested,
  TakebackRequestedPayload,
  TakenBack,
} from '../platform-events';
import { type Decision, decided, isRefusal, type Refusal, refuse } from './decision';
import { completeAppend, foldDecided } from './completion';
import { cleanedText, type GameAt, phaseOf, requireActive, requireHost, requireInPlay, requireServer, seatArgument, seatInPlay } from './game-at';
import { type ReturnPoint, returnPointRefusal, returnRange } from './return-point';

/** A player leaves for good. */
export function decideResign(game: GameAt, actor: string): Decision {
  const seat = seatInPlay(game, actor);
  if (isRefusal(seat)) return seat;
  if (leftSeats(game.state).includes(seat)) return refuse('ALREADY_DONE', 'You have already left this game.');
  const payload: SeatLeftPayload = { seat, userId: actor };
  return decided([{ type: PlayerResigned, payload: { ...payload }, actorUserId: actor, actorSeat: seat }]);
}

/**
 * Whether `actor` resigning now would end the game: their resignation decided
 * and completed as its append would be (the seat's turns passed over where
 * they are to act), never written. What a player is warned of before they
 * resign; false where they may not.
 */
export function resignationEndsGame(game: GameAt, actor: string): boolean {
  const decision = decideResign(game, actor);
  if (isRefusal(decision)) return false;
  const resigned = foldDecided(game.ruleset, game.state, decision.events, game.version);
  // The seed an ending append reveals changes nothing of how the game stands.
  const completed = completeAppend(game, resigned, game.version + decision.events.length, '');
  return phaseOf(game, completed.state) === 'FINISHED';
}

/** The host takes out `seat`, whose move deadline has passed and who has not moved since. */
export function decideRemoval(game: GameAt, seat: number, actor: string): Decision {
  const { state } = game;
  const refused = requireHost(state, actor, 'Only the host can remove a player.') ?? requireActive(game) ?? seatArgument(seat, state.seats.length);
  if (refused) return refused;
  if (leftSeats(state).includes(seat)) return refuse('ALREADY_DONE', 'That player has already left the game.');
  const deadlinePassedSeq = lifeOf(state).overdue[seat];
  if (deadlinePassedSeq === undefined) {
    return refuse('DEADLINE_NOT_PASSED', `A player can be removed only once their move deadline has passed, and seat ${seat + 1}'s has not.`);
  }
  const payload: SeatLeftPayload = { seat, userId: state.seats[seat]!, deadlinePassedSeq };
  return decided([{ type: PlayerRemoved, payload: { ...payload }, actorUserId: actor, actorSeat: seatOf(state, actor) }]);
}

function requireNoProposal(state: GameState, now: Date): Refusal | null {
  const pending = pendingProposal(state, now);
  if (!pending) return null;
  const what = pending.kind === 'takeback' ? 'A takeback' : 'A proposal to end the game';
  return refuse('PROPOSAL_PENDING', `${what} is already waiting for answers.`);
}

function expiry(now: Date): string {
  return new Date(now.getTime() + PROPOSAL_LIFETIME_MS).toISOString();
}

export interface TakebackRequest {
  toVersion: number;
  reason: string;
  /** What the events after `toVersion` say of going back there. */
  returnPoint: ReturnPoint;
}

/** The seat of `actor` asking for a takeback now, to any point, or why they may not: a player still in the game being played, while nothing else waits for answers. */
export function takebackAsker(game: GameAt, actor: string | null, now: Date): number | Refusal {
  const seat = seatInPlay(game, actor);
  if (isRefusal(seat)) return seat;
  return requireInPlay(game.state, seat) ?? requireNoProposal(game.state, now) ?? seat;
}

export function decideTakebackRequest(game: GameAt, request: TakebackRequest, actor: string, now: Date): Decision {
  const { state } = game;
  const seat = takebackAsker(game, actor, now);
  if (isRefusal(seat)) return seat;
  const { from, to } = returnRange(state, game.version);
  if (!Number.isInteger(request.toVersion) || request.toVersion < from || request.toVersion > to) {
    return refuse('BAD_USER_INPUT', from > to ? 'There is nothing to take back yet.' : `toVersion must be from ${from} to ${to}.`);
  }
  const reason = cleanedText(request.reason, 'The reason for a takeback', [1, 500]);
  if (isRefusal(reason)) return reason;
  const badPoint = returnPointRefusal(request.toVersion, request.returnPoint);
  if (badPoint) return badPoint;
  const payload: TakebackRequestedPayload = { seat, toVersion: request.toVersion, reason, expiresAt: expiry(now) };
  return decided([{ type: TakebackRequested, payload: { ...payload }, actorUserId: actor, actorSeat: seat }]);
}

export function decideEndProposal(game: GameAt, actor: string, now: Date): Decision {
  const seat = seatInPlay(game, actor);
  if (isRefusal(seat)) return seat;
  const refused = requireInPlay(game.state, seat) ?? requireNoProposal(game.state, now);
  if (refused) return refused;
  return decided([{ type: EndProposed, payload: { seat, expiresAt: expiry(now) }, actorUserId: actor, actorSeat: seat }]);
}

/** Whoever made the takeback request or proposal to end still waiting takes it back, before everyone answered. */
export function decideWithdrawal(game: GameAt, actor: string, now: Date): Decision {
  const seat = seatInPlay(game, actor);
  if (isRefusal(seat)) return seat;
  const proposal = pendingProposal(game.state, now);
  if (!proposal) return refuse('NOTHING_PENDING', 'There is no takeback or proposal to end the game waiting for answers.');
  if (proposal.seat !== seat) return refuse('FORBIDDEN', 'Only the player who asked can withdraw it; you may decline it.');
  return decided([{ type: ProposalWithdrawn, payload: { seat, proposalSeq: proposal.seq }, actorUserId: actor, actorSeat: seat }]);
}

/**
 * The actor answers the pending proposal of `kind`. The last agreement
 * brings its outcome in the same append: the takeback (a jump to
 * `toVersion`), or the end of the game.
 */
export function decideAnswer(game: GameAt, kind: ProposalKind, accept: boolean, actor: string, now: Date): Decision {
  const { state } = game;
  const seat = seatInPlay(game, actor);
  if (isRefusal(seat)) return seat;
  const proposal = pendingProposal(state, now);
  const what = kind === 'takeback' ? 'takeback' : 'proposal to end the game';
  if (!proposal || proposal.kind !== kind) return refuse('NOTHING_PENDING', `There is no ${what} waiting for an answer.`);
  const refused = requireInPlay(state, seat);
  if (refused) return refused;
  if (proposal.seat === seat) return refuse('ALREADY_DONE', `You made this ${what}: the others answer it.`);
  if (proposal.accepted.includes(seat)) return refuse('ALREADY_DONE', `You have already agreed to this ${what}.`);
  const answered: ProposalAnsweredPayload = { seat, accept, proposalSeq: proposal.seq };
  const answer = { type: kind === 'takeback' ? TakebackAnswered : EndAnswered, payload: { ...answered }, actorUserId: actor, actorSeat: seat };
  const everyone = accept && seatsToAnswer(state, proposal).every((waiting) => waiting === seat);
  if (!everyone) return decided([answer]);
  if (kind === 'end') return decided([answer, { type: EndedByAgreement, payload: { proposalSeq: proposal.seq } }]);
  return decided([answer, { type: TakenBack, payload: { toVersion: proposal.toVersion!, requestSeq: proposal.seq } }]);
}

/** The server records that the proposal still waiting went unanswered until it expired. */
export function decideLapse(game: GameAt, actor: string | null, now: Date): Decision {
  const refused = requireServer(actor, 'Only the server records that a request lapsed.') ?? requireActive(game);
  if (refused) return refused;
  const proposal = lifeOf(game.state).proposal;
  if (!proposal || Date.parse(proposal.expiresAt) > now.getTime()) return refuse('NOTHING_PENDING', 'No takeback or proposal to end the game has lapsed.');
  return decided([{ type: ProposalLapsed, payload: { proposalSeq: proposal.seq } }]);
}
