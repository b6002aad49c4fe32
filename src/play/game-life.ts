/**
 * The game's life beyond its rules: players leaving (resigning, or taken
 * out by the host after their deadline passed), takebacks by consent and
 * ending by agreement. Pure, like the rulesets.
 *
 * Each of these platform events has two homes and no more: when it may be
 * written is decided by the platform's decider (src/play/platform/life.ts,
 * and completion.ts for the turns of seats that left), which the server
 * runs to write it and a verifier of a game's record runs again to check
 * it; what it does to the folded state (`foldLifeEvent`,
 * `lifeAfterRulesEvent`) and to the result (`withLifeOutcome`) is here.
 */
import type { GameStatus, Seat } from '../rules/contract';
import type { FoldableEvent, GameLife, GameState, Proposal, ProposalKind } from './game-state-types';
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
  SeatOffered,
  SeatOfferWithdrawn,
  TakebackAnswered,
  TakebackRequested,
  TakebackRequestedPayload,
} from './platform-events';

/** How long a takeback request or a proposal to end waits for its answers. */
export const PROPOSAL_LIFETIME_MS = 48 * 60 * 60 * 1000;

export type { GameLife, Proposal, ProposalKind };

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
 * its answers, its lapse or withdrawal, a deadline passing or extended, a
 * seat offered to a substitute or the offer withdrawn. They do not
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
  SeatOffered,
  SeatOfferWithdrawn,
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

/** Seats given to bots at the creation: nobody holds them. */
function botSeats(state: GameState): Seat[] {
  return (state.bots ?? []).flatMap((level, seat) => (level ? [seat] : []));
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

/** `record` without `key`'s entry. */
export function withoutKey<T>(record: Record<number, T>, key: number): Record<number, T> {
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
        life: {
          ...life,
          left: [...life.left, { seat, seq: event.seq }],
          overdue: withoutKey(life.overdue, seat),
          proposal: null,
          // Nobody takes over a seat that left: its turns are passed over.
          ...(life.offers ? { offers: withoutKey(life.offers, seat) } : {}),
        },
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
  const resigned = life.left.map((left) => left.seat);
  // Bots given seats at the creation play on, and may win; seats left to bots that take over play on, and never win.
  const inPlay = [...seatsInPlay(state), ...botSeats(state)].sort((a, b) => a - b);
  const playing = state.botsTakeOver ? inPlay.length + resigned.length : inPlay.length;
  if (!agreed.finished && playing > 1) return agreed;
  const detail = { ...agreed.detail, resigned };
  if (!agreed.finished) return { ...agreed, activeSeats: [], finished: true, winners: inPlay, detail: { ...detail, endedByResignation: true } };
  const winners = (agreed.winners ?? []).filter((seat) => inPlay.includes(seat));
  // Won by a seat that left: the best of those still playing win instead (a shared loss stays a loss).
  const heirs = winners.length === 0 && (agreed.winners ?? []).length > 0 ? leaders(agreed.scores, inPlay) : winners;
  return { ...agreed, winners: heirs, detail };
}
