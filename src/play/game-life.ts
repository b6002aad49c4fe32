/**
 * The game's life beyond its rules: players leaving (resigning, or taken
 * out by the host after their deadline passed), takebacks by consent and
 * ending by agreement. Pure, like the rulesets.
 *
 * Every platform event of these has its whole rule here, in one place: when
 * it may be written (the `decide…` functions, which refuse with the
 * refusal the API gives), what it does to the folded state (`foldLifeEvent`,
 * `lifeAfterRulesEvent`) and to the result (`withLifeOutcome`), and which
 * events the server adds after it (`passOverLeftSeats`). The server calls
 * them to write the events; a verifier of a game's record calls the same
 * ones, with the state folded up to each event, to check them.
 */
import { AppError } from '../common/errors';
import { cleanText } from '../common/text';
import type { NewEvent } from '../event-store/event-store';
import type { AnyRuleset, GameStatus, RulesEvent, Seat } from '../rules/contract';
import { passOver } from '../rules/pass-over';
import type { Random } from '../rules/random';
import type { FoldableEvent, GameState } from './game-state';
import { checkSeatArgument } from './seat-argument';
import {
  DeadlineExtended,
  DeadlinePassed,
  EndAnswered,
  EndedByAgreement,
  EndProposed,
  MoveUndone,
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
  TurnSkipped,
} from './platform-events';

/** How long a takeback request or a proposal to end waits for its answers. */
export const PROPOSAL_LIFETIME_MS = 48 * 60 * 60 * 1000;

export type ProposalKind = 'takeback' | 'end';

/** A takeback request or a proposal to end the game, waiting for answers. */
export interface Proposal {
  kind: ProposalKind;
  /** The seq of the event that made it. */
  seq: number;
  seat: Seat;
  /** When every seat asked must have agreed (ISO time): later, it has lapsed. */
  expiresAt: string;
  /** Takebacks: the version the game returns to, and why. */
  toVersion?: number;
  reason?: string;
  /** The seats that agreed so far, the proposer first. */
  accepted: Seat[];
}

export interface GameLife {
  /**
   * Seats that left, in the order they did, with the seq of the event: they
   * are passed over whenever they are to act, and ranked last (the first to
   * leave lowest).
   */
  left: { seat: Seat; seq: number }[];
  /** Seats whose move deadline passed and who have not moved since: seat → seq of its `game.deadlinePassed`. */
  overdue: Record<number, number>;
  proposal: Proposal | null;
  endedByAgreement: boolean;
}

const NO_LIFE: GameLife = { left: [], overdue: {}, proposal: null, endedByAgreement: false };

const LIFE_EVENTS: ReadonlySet<string> = new Set([
  PlayerResigned,
  PlayerRemoved,
  TakebackRequested,
  TakebackAnswered,
  EndProposed,
  EndAnswered,
  EndedByAgreement,
  ProposalLapsed,
  ProposalWithdrawn,
  DeadlinePassed,
  DeadlineExtended,
]);

/**
 * Events of the game's life that change nothing of the play: a proposal,
 * its answers, its lapse or withdrawal, a deadline passing or extended. They do not
 * move the draw position (draw recipe 2), so that none of them can be
 * added after a rollback to draw anew what was already seen.
 */
const REMARKS: ReadonlySet<string> = new Set([
  TakebackRequested,
  TakebackAnswered,
  EndProposed,
  EndAnswered,
  ProposalLapsed,
  ProposalWithdrawn,
  DeadlinePassed,
  DeadlineExtended,
]);

export function changesNothingOfPlay(type: string): boolean {
  return REMARKS.has(type);
}

/** The types of those events. */
export const REMARK_TYPES: readonly string[] = [...REMARKS];

/** The events that make a proposal (their `expiresAt` is when it lapses). */
export const PROPOSAL_EVENT_TYPES = [TakebackRequested, EndProposed];

/** The platform events `foldLifeEvent` folds (a takeback, a jump, is resolved by the loader). */
export function isLifeEvent(type: string): boolean {
  return LIFE_EVENTS.has(type);
}

export function lifeOf(state: GameState): GameLife {
  return state.life ?? NO_LIFE;
}

/** Seats that left the game. */
export function leftSeats(state: GameState): Seat[] {
  return lifeOf(state).left.map((left) => left.seat);
}

/** Seats still playing: seated and not left. */
export function seatsInPlay(state: GameState): Seat[] {
  const left = leftSeats(state);
  return state.seats.flatMap((holder, seat) => (holder !== null && !left.includes(seat) ? [seat] : []));
}

/** The proposal waiting for answers at `now`; null when there is none or it lapsed. */
export function pendingProposal(state: GameState, now: Date): Proposal | null {
  const proposal = lifeOf(state).proposal;
  return proposal && Date.parse(proposal.expiresAt) > now.getTime() ? proposal : null;
}

/** The seats a proposal still waits for. */
export function seatsToAnswer(state: GameState, proposal: Proposal): Seat[] {
  return seatsInPlay(state).filter((seat) => !proposal.accepted.includes(seat));
}

// ---- folding -------------------------------------------------------------------

function withoutKey(record: Record<number, number>, key: number): Record<number, number> {
  const { [key]: _gone, ...rest } = record;
  return rest;
}

export function foldLifeEvent(state: GameState, event: FoldableEvent, linePosition: number): GameState {
  const life = lifeOf(state);
  const payload = event.payload;
  const seat = payload.seat as Seat;
  switch (event.type) {
    case PlayerResigned:
    case PlayerRemoved:
      // Leaving seals every step before it (no undo reaches back past it) and ends any proposal: the seats asked changed.
      return {
        ...state,
        linePosition,
        undoable: [],
        life: { ...life, left: [...life.left, { seat, seq: event.seq }], overdue: withoutKey(life.overdue, seat), proposal: null },
      };
    case TakebackRequested: {
      const { toVersion, reason, expiresAt } = payload as unknown as TakebackRequestedPayload;
      return {
        ...state,
        linePosition,
        life: { ...life, proposal: { kind: 'takeback', seq: event.seq, seat, expiresAt, toVersion, reason, accepted: [seat] } },
      };
    }
    case EndProposed:
      return {
        ...state,
        linePosition,
        life: { ...life, proposal: { kind: 'end', seq: event.seq, seat, expiresAt: payload.expiresAt as string, accepted: [seat] } },
      };
    case TakebackAnswered:
    case EndAnswered: {
      const { accept } = payload as unknown as ProposalAnsweredPayload;
      const proposal = accept && life.proposal ? { ...life.proposal, accepted: [...life.proposal.accepted, seat] } : null;
      return { ...state, linePosition, life: { ...life, proposal } };
    }
    case EndedByAgreement:
      return { ...state, linePosition, life: { ...life, proposal: null, endedByAgreement: true } };
    case ProposalLapsed:
    case ProposalWithdrawn:
      return { ...state, linePosition, life: { ...life, proposal: null } };
    case DeadlinePassed:
      return { ...state, linePosition, life: { ...life, overdue: { ...life.overdue, [seat]: event.seq } } };
    case DeadlineExtended:
      return { ...state, linePosition, life: state.life && { ...life, overdue: withoutKey(life.overdue, seat) } };
    default:
      throw new Error(`${event.type} is not an event of the game's life`);
  }
}

/**
 * The life after one of the ruleset's events: a new move ends a pending
 * takeback or proposal, and a player's own move ends their overdue
 * deadline (a skip, written by the server, does not). Called for every
 * event folded: it returns `life` itself when nothing changes.
 */
export function lifeAfterRulesEvent(life: GameLife, event: FoldableEvent): GameLife {
  const movedOnTime = event.actorUserId && event.actorSeat !== null && life.overdue[event.actorSeat] !== undefined;
  if (!life.proposal && !movedOnTime) return life;
  return { ...life, proposal: null, overdue: movedOnTime ? withoutKey(life.overdue, event.actorSeat!) : life.overdue };
}

/**
 * The life after going back to an earlier state, which it otherwise takes
 * whole. A proposal pending back then is over, as a move ends one. A host's
 * rollback or an agreed takeback restarts every turn with a fresh deadline
 * (game-change-hooks.ts), so no seat is overdue after one: else the host
 * could remove a player who had since moved on time. An undo gives its
 * player's turn back, and their lateness was answered by the step undone.
 */
export function lifeAfterJump(life: GameLife, jump: { type: string; actorSeat: Seat | null }): GameLife {
  const overdue = jump.type === MoveUndone ? (jump.actorSeat === null ? life.overdue : withoutKey(life.overdue, jump.actorSeat)) : {};
  return { ...life, proposal: null, overdue };
}

// ---- the result ------------------------------------------------------------------

/** Seats with the highest score among `among`. */
export function leaders(scores: number[] | undefined, among: Seat[]): Seat[] {
  if (!scores || among.length === 0) return [];
  const best = Math.max(...among.map((seat) => scores[seat]));
  return among.filter((seat) => scores[seat] === best);
}

/** `status` made final as it stands, its leaders winning: a game ended before its rules ended it. */
export function endedNow(status: GameStatus, detail: Record<string, unknown>): GameStatus {
  const everyone = (status.scores ?? []).map((_, seat) => seat);
  return { ...status, activeSeats: [], finished: true, winners: leaders(status.scores, everyone), detail: { ...status.detail, ...detail } };
}

/**
 * The status with the game's life applied: ended by agreement, it is over
 * with its current result; when fewer than two players are left in it, the
 * one left wins; seats that left never win (`detail.resigned` lists them,
 * first to leave first: they rank last, in reverse order of leaving).
 */
export function withLifeOutcome(status: GameStatus, state: GameState): GameStatus {
  const life = state.life;
  if (!life) return status;
  const agreed = life.endedByAgreement && !status.finished ? endedNow(status, { endedByAgreement: true }) : status;
  if (life.left.length === 0) return agreed;
  const inPlay = seatsInPlay(state);
  if (!agreed.finished && inPlay.length > 1) return agreed;
  const resigned = life.left.map((left) => left.seat);
  const detail = { ...agreed.detail, resigned };
  if (!agreed.finished) return { ...agreed, activeSeats: [], finished: true, winners: inPlay, detail: { ...detail, endedByResignation: true } };
  const winners = (agreed.winners ?? []).filter((seat) => inPlay.includes(seat));
  // Won by a seat that left: the best of those still playing win instead (a shared loss stays a loss).
  const heirs = winners.length === 0 && (agreed.winners ?? []).length > 0 ? leaders(agreed.scores, inPlay) : winners;
  return { ...agreed, winners: heirs, detail };
}

// ---- deciding --------------------------------------------------------------------

/** A player leaves: `seat` is theirs. */
export function decideResign(state: GameState, seat: Seat): NewEvent[] {
  if (leftSeats(state).includes(seat)) throw new AppError('ALREADY_DONE', 'You have already left this game.');
  const payload: SeatLeftPayload = { seat, userId: state.seats[seat]! };
  return [{ type: PlayerResigned, payload: { ...payload }, actorUserId: payload.userId, actorSeat: seat }];
}

/** The host takes out `seat`, whose move deadline has passed and who has not moved since. */
export function decideRemoval(state: GameState, seat: Seat, hostId: string, hostSeat: Seat | null): NewEvent[] {
  checkSeatArgument(seat, state.seats.length);
  if (leftSeats(state).includes(seat)) throw new AppError('ALREADY_DONE', 'That player has already left the game.');
  const deadlinePassedSeq = lifeOf(state).overdue[seat];
  if (deadlinePassedSeq === undefined) {
    throw new AppError('DEADLINE_NOT_PASSED', `A player can be removed only once their move deadline has passed, and seat ${seat + 1}'s has not.`);
  }
  const payload: SeatLeftPayload = { seat, userId: state.seats[seat]!, deadlinePassedSeq };
  return [{ type: PlayerRemoved, payload: { ...payload }, actorUserId: hostId, actorSeat: hostSeat }];
}

function requireInPlay(state: GameState, seat: Seat): void {
  if (leftSeats(state).includes(seat)) throw new AppError('FORBIDDEN', 'You have left this game.');
}

function requireNoProposal(state: GameState, now: Date): void {
  const pending = pendingProposal(state, now);
  if (pending) {
    const what = pending.kind === 'takeback' ? 'A takeback' : 'A proposal to end the game';
    throw new AppError('PROPOSAL_PENDING', `${what} is already waiting for answers.`);
  }
}

function expiry(now: Date): string {
  return new Date(now.getTime() + PROPOSAL_LIFETIME_MS).toISOString();
}

/** The versions a takeback or a host's rollback may return to: from the start of play, and from the last player's leaving, to the one before now. */
export function takebackRange(state: GameState, startedVersion: number, version: number): { from: number; to: number } {
  const lastLeft = lifeOf(state).left.at(-1)?.seq ?? 0;
  return { from: Math.max(startedVersion, lastLeft), to: version - 1 };
}

export function decideTakebackRequest(
  state: GameState,
  seat: Seat,
  request: { toVersion: number; reason: string; now: Date; startedVersion: number; version: number; userId: string },
): NewEvent[] {
  requireInPlay(state, seat);
  requireNoProposal(state, request.now);
  const { from, to } = takebackRange(state, request.startedVersion, request.version);
  if (!Number.isInteger(request.toVersion) || request.toVersion < from || request.toVersion > to) {
    throw new AppError('BAD_USER_INPUT', from > to ? 'There is nothing to take back yet.' : `toVersion must be from ${from} to ${to}.`);
  }
  const reason = cleanText(request.reason, 'The reason for a takeback', [1, 500]);
  const payload: TakebackRequestedPayload = { seat, toVersion: request.toVersion, reason, expiresAt: expiry(request.now) };
  return [{ type: TakebackRequested, payload: { ...payload }, actorUserId: request.userId, actorSeat: seat }];
}

export function decideEndProposal(state: GameState, seat: Seat, now: Date, userId: string): NewEvent[] {
  requireInPlay(state, seat);
  requireNoProposal(state, now);
  return [{ type: EndProposed, payload: { seat, expiresAt: expiry(now) }, actorUserId: userId, actorSeat: seat }];
}

/** `seat` takes back the takeback request or proposal to end it made, before everyone answered. */
export function decideWithdrawal(state: GameState, seat: Seat, now: Date, userId: string): NewEvent[] {
  const proposal = pendingProposal(state, now);
  if (!proposal) throw new AppError('NOTHING_PENDING', 'There is no takeback or proposal to end the game waiting for answers.');
  if (proposal.seat !== seat) throw new AppError('FORBIDDEN', 'Only the player who asked can withdraw it; you may decline it.');
  return [{ type: ProposalWithdrawn, payload: { seat, proposalSeq: proposal.seq }, actorUserId: userId, actorSeat: seat }];
}

/**
 * `seat` answers the pending proposal of `kind`. The last agreement brings
 * its outcome in the same append: the takeback (a jump to `toVersion`), or
 * the end of the game.
 */
export function decideAnswer(state: GameState, kind: ProposalKind, seat: Seat, accept: boolean, now: Date, userId: string): NewEvent[] {
  const proposal = pendingProposal(state, now);
  const what = kind === 'takeback' ? 'takeback' : 'proposal to end the game';
  if (!proposal || proposal.kind !== kind) throw new AppError('NOTHING_PENDING', `There is no ${what} waiting for an answer.`);
  requireInPlay(state, seat);
  if (proposal.seat === seat) throw new AppError('ALREADY_DONE', `You made this ${what}: the others answer it.`);
  if (proposal.accepted.includes(seat)) throw new AppError('ALREADY_DONE', `You have already agreed to this ${what}.`);
  const answered: ProposalAnsweredPayload = { seat, accept, proposalSeq: proposal.seq };
  const events: NewEvent[] = [{ type: kind === 'takeback' ? TakebackAnswered : EndAnswered, payload: { ...answered }, actorUserId: userId, actorSeat: seat }];
  const everyone = accept && seatsToAnswer(state, proposal).every((waiting) => waiting === seat);
  if (!everyone) return events;
  if (kind === 'end') return [...events, { type: EndedByAgreement, payload: { proposalSeq: proposal.seq } }];
  return [...events, { type: TakenBack, payload: { toVersion: proposal.toVersion!, requestSeq: proposal.seq } }];
}

/** The server records that the proposal still waiting went unanswered until it expired; null when none did. */
export function decideLapse(state: GameState, now: Date): NewEvent[] | null {
  const proposal = lifeOf(state).proposal;
  if (!proposal || Date.parse(proposal.expiresAt) > now.getTime()) return null;
  return [{ type: ProposalLapsed, payload: { proposalSeq: proposal.seq } }];
}

// ---- passing over seats that left ------------------------------------------------

export interface PassOverSteps {
  status(state: GameState): GameStatus | null;
  /** The draws for an append made at `state` (keyed to its line position). */
  draws(state: GameState): Random;
  fold(state: GameState, events: NewEvent[]): GameState;
}

/** A seat that left and would keep a game that is still going waiting. */
function leftSeatToAct(state: GameState, status: GameStatus | null): Seat | undefined {
  if (!status || status.finished) return undefined;
  const left = leftSeats(state);
  return status.activeSeats.find((seat) => left.includes(seat));
}

/**
 * The events that pass over every seat that left whenever it is to act, as
 * Board Game Arena does: the ruleset's `skipTurn` where it has one that
 * applies, else the first of the seat's listed moves, until a seat still
 * playing is to act or the game is over. Each seat's turn starts with
 * `game.turnSkipped { seat, resigned: true }`, and draws as an append made
 * there would.
 */
export function passOverLeftSeats(ruleset: AnyRuleset, state: GameState, steps: PassOverSteps): { events: NewEvent[]; state: GameState } {
  const events: NewEvent[] = [];
  let current = state;
  for (let seat = leftSeatToAct(current, steps.status(current)); seat !== undefined; seat = leftSeatToAct(current, steps.status(current))) {
    if (events.length > 10_000) throw new Error(`passing over seats that left did not reach a seat still playing`);
    const random = steps.draws(current);
    const moves = leftSeatTurn(ruleset, current.rules, seat, random);
    const turn: NewEvent[] = [
      { type: TurnSkipped, payload: { seat, resigned: true } },
      ...moves.map(({ type, ...payload }, i) => ({ type, payload, actorSeat: seat, stepStart: i === 0 })),
    ];
    current = steps.fold(current, turn);
    events.push(...turn);
  }
  return { events, state: current };
}

/** The ruleset's events of the turn of `seat`, which left: its `skipTurn` where it has one that applies, else its first listed moves. */
export function leftSeatTurn(ruleset: AnyRuleset, rules: unknown, seat: Seat, random: Random): RulesEvent[] {
  return ruleset.skipTurn?.(rules, seat, random) ?? firstListedMoves(ruleset, rules, seat, random);
}

/** A left seat's turn where the ruleset cannot skip it: its first listed move at each decision. */
function firstListedMoves(ruleset: AnyRuleset, rules: unknown, seat: Seat, random: Random): RulesEvent[] {
  const passed = passOver(
    {
      decide: (state, move, toAct, draws) => ruleset.decide(state, move, toAct, draws),
      evolve: (state, event) => ruleset.evolve(state, event),
      toAct: (state, toAct) => ruleset.status(state).activeSeats.includes(toAct),
      leastMove: (state, toAct) => ruleset.legalMoves(state, toAct)[0] ?? null,
    },
    rules,
    seat,
    random,
  );
  if (!passed) throw new Error(`seat ${seat} left and is to act, but has no listed move`);
  return passed;
}
