/**
 * How the verifier checks each platform event (`game.*`, the events the
 * server writes itself beside a ruleset's own): the one place per event type
 * that says when the server may append it, and which of the ruleset's events
 * must follow it in the same append (decided again here, with the recorded
 * randomness). A new platform event gets its entry here, or every record
 * holding one fails to verify ("not an event this server writes").
 *
 * Each rule answers the refusal the server would have given at that moment,
 * or null. What a record cannot show (a deadline's clock, an invitation's
 * address) is not checked; everything the events themselves say is.
 */
import { AppError } from '../common/errors';
import type { NewEvent } from '../event-store/event-store';
import { commitmentTo } from '../randomness/draw-recipe';
import { jsonEqual } from '../rules/moves';
import type { AnyRuleset, GameStatus, RulesEvent } from '../rules/contract';
import type { Random } from '../rules/random';
import {
  decideAnswer,
  decideEndProposal,
  decideLapse,
  decideRemoval,
  decideResign,
  decideTakebackRequest,
  decideWithdrawal,
  leftSeats,
  leftSeatTurn,
  lifeOf,
  PROPOSAL_LIFETIME_MS,
  ProposalKind,
  seatsToAnswer,
} from '../play/game-life';
import { type GameState, seatOf } from '../play/game-state';
import { opensRequest } from '../play/line-of-play';
import {
  DeadlineExtended,
  DeadlinePassed,
  EndAnswered,
  EndedByAgreement,
  EndedByHost,
  EndProposed,
  GameCreated,
  GameCreatedPayload,
  GameRolledBack,
  GameStarted,
  JumpPayload,
  MoveUndone,
  PlayerInvited,
  PlayerRemoved,
  PlayerResigned,
  ProposalAnsweredPayload,
  ProposalLapsed,
  ProposalWithdrawn,
  SeatTaken,
  SeatTakenPayload,
  SeedRevealed,
  SeedRevealedPayload,
  ServerCause,
  TakebackAnswered,
  TakebackRequested,
  TakebackRequestedPayload,
  TakenBack,
  TakenBackPayload,
  TurnSkipped,
} from '../play/platform-events';
import { resolvedOptions } from '../play/platform/options';
import type { GameRecord, RecordEvent } from './game-record';

/** Where a platform event stands in the game, as the verifier has rebuilt it. */
export interface Moment {
  event: RecordEvent;
  /** The event before it, if any. */
  previous: RecordEvent | undefined;
  /** The game's state just before the event. */
  state: GameState;
  /** Its status (null before the start). */
  status: GameStatus | null;
  ruleset: AnyRuleset;
  record: GameRecord;
  /** The host's user id (from `game.created`). */
  hostId: string | null;
  /** The version play began at (after the setup), once started. */
  startedVersion: number | null;
  /** The state the game was in at any earlier version. */
  stateAt(version: number): GameState;
  /** The generator of the draws made by an append that began just after `version` (src/randomness/draw-recipe.ts). */
  drawsAfter(version: number): Random;
}

export interface PlatformEventRule {
  /** Why the server would not have appended this event here, or null. */
  refusal(moment: Moment): string | null;
  /** The ruleset's events that must follow it in its append, decided again; absent: none. */
  followedBy?(moment: Moment): { events: RulesEvent[] | null; what: string };
}

const playing = (m: Moment) => (m.status !== null && !m.status.finished ? null : 'the game was not being played');
const first = (...checks: Array<string | null>) => checks.find((check) => check !== null) ?? null;
/** The seat the event is about. */
const seatNamed = (m: Moment) => (m.event.payload as { seat: number }).seat;
/** A turn skipped because its seat left the game, not because a deadline passed. */
const passedOver = (m: Moment) => (m.event.payload as { resigned?: boolean }).resigned === true;

function causeOf(event: RecordEvent | undefined): ServerCause | null {
  const move = event?.move as ServerCause | null | undefined;
  return move && typeof move === 'object' && 'cause' in move ? move : null;
}

/**
 * Whether `event` was appended together with the `game.deadlinePassed` before
 * it (a deadline whose `onExpiry` applied at once), rather than later by the
 * host. Recorded by the cause on the deadline's event; in games stored before
 * causes were, told by the shared time of the events of one append.
 */
function sameAppendAsDeadline(m: Moment): boolean {
  if (m.previous?.type !== DeadlinePassed) return false;
  const cause = causeOf(m.previous);
  if (cause?.cause === 'deadlinePassed') return cause.onExpiry !== 'ASK_HOST' && causeOf(m.event) === null;
  return m.previous.at === m.event.at;
}

/** A deadline outcome (extend, skip, end): at once after the deadline passed, or the host's later decision. */
function deadlineOutcome(m: Moment): string | null {
  if (sameAppendAsDeadline(m)) return null;
  if (m.event.actorUserId !== m.hostId) return 'only the host decides what happens after a deadline';
  const cause = causeOf(m.event);
  return cause === null || cause.cause === 'resolveDeadline' ? null : "its recorded cause is not the host's decision";
}

function jump(m: Moment, allowed: (toVersion: number) => string | null): string | null {
  const { toVersion } = m.event.payload as unknown as JumpPayload;
  if (!Number.isInteger(toVersion) || toVersion < 0 || toVersion >= m.event.seq - 1) return `it returns to version ${toVersion}, which is not an earlier one`;
  return allowed(toVersion);
}

/** Going back lands just before what one request wrote (history.ts): `toVersion` is not inside one move's events. */
function betweenMoves(m: Moment, toVersion: number): string | null {
  const next = m.record.events[toVersion];
  return !next || opensRequest(next) ? null : `version ${toVersion} is inside one move's events`;
}

/**
 * The game's life (game-life.ts): the event is the one its `decide…` function
 * gives at that moment, made again here from the state before it. `expiresAt`
 * is left out of the comparison: the server read its clock just before the
 * append, so a proposal lapses at most 48 hours after its event's time.
 */
function decidedAgain(m: Moment, decide: () => NewEvent[]): string | null {
  let decided: NewEvent | undefined;
  try {
    decided = decide()[0];
  } catch (error) {
    if (error instanceof AppError) return error.message;
    throw error;
  }
  if (!decided) return 'the rules of the game give no such event here';
  const { expiresAt, ...recorded } = m.event.payload as Record<string, unknown>;
  const { expiresAt: _decidedExpiry, ...again } = decided.payload;
  if (decided.type !== m.event.type || !jsonEqual(again, recorded)) return `deciding it again gives ${JSON.stringify({ type: decided.type, ...again })}`;
  if ((decided.actorUserId ?? null) !== m.event.actorUserId) return 'it was not made by the player the rules name';
  if (expiresAt !== undefined && !(Date.parse(expiresAt as string) <= Date.parse(m.event.at) + PROPOSAL_LIFETIME_MS))
    return 'it waits longer than 48 hours for its answers';
  return null;
}

/** The seat of the event's actor, who must hold it. */
function actorSeat(m: Moment): number {
  const seat = seatOf(m.state, m.event.actorUserId ?? undefined);
  if (seat === null) throw new AppError('FORBIDDEN', 'its player has no seat in the game');
  return seat;
}

function answered(kind: ProposalKind) {
  return (m: Moment) =>
    first(
      playing(m),
      decidedAgain(m, () => {
        const { accept } = m.event.payload as unknown as ProposalAnsweredPayload;
        return decideAnswer(m.state, kind, actorSeat(m), accept, new Date(m.event.at), m.event.actorUserId!);
      }),
    );
}

/** A takeback or an end by agreement: written with the last answer that agreed, once every seat still playing has. */
function agreed(m: Moment, kind: ProposalKind, proposalSeq: number): string | null {
  const proposal = lifeOf(m.state).proposal;
  const answer = kind === 'takeback' ? TakebackAnswered : EndAnswered;
  if (!proposal || proposal.kind !== kind || proposal.seq !== proposalSeq) return 'no such proposal was waiting';
  if (m.previous?.type !== answer || m.previous.at !== m.event.at) return 'it is not written with the answer that agreed last';
  return seatsToAnswer(m.state, proposal).length === 0 ? null : 'not every player still in the game had agreed';
}

export const PLATFORM_EVENT_RULES: Record<string, PlatformEventRule> = {
  [GameCreated]: {
    refusal(m) {
      const created = m.event.payload as unknown as GameCreatedPayload;
      if (m.event.seq !== 1) return 'a game is created once, by its first event';
      if (created.ruleset !== m.record.game.ruleset) return `it creates a game of ${created.ruleset}, not of ${m.record.game.ruleset}`;
      if ((created.rulesetVersion ?? 1) !== m.record.game.rulesetVersion) return 'it names another version of the rules than the record';
      if (!Number.isInteger(created.seats) || created.seats < m.ruleset.minSeats || created.seats > m.ruleset.maxSeats) {
        return `${m.ruleset.name} is played by ${m.ruleset.minSeats} to ${m.ruleset.maxSeats} players, not ${created.seats}`;
      }
      const resolved = resolvedOptions(m.ruleset, created.options);
      if (!resolved.ok) return `its options are not the rules' own: ${resolved.message}`;
      if (m.event.actorUserId !== created.hostId) return 'it was not made by the host it names';
      return created.commitment === undefined || created.commitment === m.record.randomness.commitment ? null : "its commitment is not the record's";
    },
  },
  [SeatTaken]: {
    refusal(m) {
      const { seat, userId } = m.event.payload as unknown as SeatTakenPayload;
      if (m.state.started) return 'the game had already started';
      if (!Number.isInteger(seat) || seat < 0 || seat >= m.state.seats.length) return `there is no seat ${seat}`;
      if (m.state.seats[seat] !== null) return `seat ${seat} was taken`;
      if (m.state.seats.includes(userId)) return 'that player already had a seat';
      return m.event.actorUserId === userId ? null : 'a seat is taken by its own player';
    },
  },
  [PlayerInvited]: {
    refusal: (m) => (m.state.started ? 'the game had already started' : m.event.actorUserId === m.hostId ? null : 'only the host invites'),
  },
  [GameStarted]: {
    refusal(m) {
      if (m.state.started) return 'the game had already started';
      if (m.state.seats.includes(null)) return 'a seat was still free';
      return m.event.actorUserId === m.hostId ? null : 'only the host starts the game';
    },
    followedBy: (m) => ({
      what: 'the setup',
      events: m.ruleset.setup(m.ruleset.initialState({ seats: m.state.seats.length, options: m.state.options }), m.drawsAfter(m.event.seq - 1)),
    }),
  },
  [GameRolledBack]: {
    refusal: (m) =>
      first(
        playing(m),
        m.event.actorUserId === m.hostId ? null : 'only the host rolls a game back',
        jump(m, (toVersion) =>
          m.startedVersion !== null && toVersion >= m.startedVersion ? betweenMoves(m, toVersion) : 'a game is not rolled back to before its start',
        ),
      ),
  },
  [MoveUndone]: {
    refusal: (m) =>
      first(
        playing(m),
        jump(m, (toVersion) => {
          const last = m.state.undoable[m.state.undoable.length - 1];
          return last && last.seat === seatOf(m.state, m.event.actorUserId ?? undefined) && last.before === toVersion
            ? null
            : 'it takes back a step its player could not take back';
        }),
      ),
  },
  [DeadlinePassed]: {
    refusal(m) {
      const seat = seatNamed(m);
      if (!m.state.moveDeadline) return 'the game has no move deadlines';
      return first(
        playing(m),
        m.status?.activeSeats.includes(seat) ? null : `seat ${seat} was not to act`,
        m.event.actorUserId === null ? null : 'only the server passes deadlines',
      );
    },
  },
  [DeadlineExtended]: {
    refusal: (m) => first(playing(m), m.state.moveDeadline ? null : 'the game has no move deadlines', deadlineOutcome(m)),
  },
  [TurnSkipped]: {
    refusal: (m) =>
      first(
        playing(m),
        m.status?.activeSeats.includes(seatNamed(m)) ? null : `seat ${seatNamed(m)} was not to act`,
        passedOver(m) ? (leftSeats(m.state).includes(seatNamed(m)) ? null : `seat ${seatNamed(m)} had not left the game`) : deadlineOutcome(m),
      ),
    followedBy(m) {
      // A seat that left plays the turn the server plays for it (game-life.ts), drawn for the append at the skip.
      if (passedOver(m))
        return {
          what: `the turn of seat ${seatNamed(m)}, which left`,
          events: leftSeatTurn(m.ruleset, m.state.rules, seatNamed(m), m.drawsAfter(m.event.seq - 1)),
        };
      // Drawn for the append: from the deadline's event when the skip came with it.
      const appendedAfter = sameAppendAsDeadline(m) ? m.previous!.seq - 1 : m.event.seq - 1;
      return { what: `the skip of seat ${seatNamed(m)}`, events: m.ruleset.skipTurn?.(m.state.rules, seatNamed(m), m.drawsAfter(appendedAfter)) ?? null };
    },
  },
  [EndedByHost]: {
    refusal: (m) => first(playing(m), deadlineOutcome(m)),
  },
  [PlayerResigned]: {
    refusal: (m) =>
      first(
        playing(m),
        decidedAgain(m, () => decideResign(m.state, actorSeat(m))),
      ),
  },
  [PlayerRemoved]: {
    refusal: (m) =>
      first(
        playing(m),
        m.event.actorUserId === m.hostId ? null : 'only the host removes a player',
        decidedAgain(m, () => decideRemoval(m.state, seatNamed(m), m.hostId!, seatOf(m.state, m.hostId ?? undefined))),
      ),
  },
  [TakebackRequested]: {
    refusal: (m) =>
      first(
        playing(m),
        decidedAgain(m, () => {
          const { toVersion, reason } = m.event.payload as unknown as TakebackRequestedPayload;
          const request = {
            toVersion,
            reason,
            now: new Date(m.event.at),
            startedVersion: m.startedVersion!,
            version: m.event.seq - 1,
            userId: m.event.actorUserId!,
          };
          return decideTakebackRequest(m.state, actorSeat(m), request);
        }),
        betweenMoves(m, (m.event.payload as unknown as TakebackRequestedPayload).toVersion),
      ),
  },
  [TakebackAnswered]: { refusal: answered('takeback') },
  [TakenBack]: {
    refusal(m) {
      const { toVersion, requestSeq } = m.event.payload as unknown as TakenBackPayload;
      const proposal = lifeOf(m.state).proposal;
      return first(
        playing(m),
        agreed(m, 'takeback', requestSeq),
        proposal?.toVersion === toVersion ? null : 'it returns elsewhere than the request asked',
        jump(m, () => null),
      );
    },
  },
  [EndProposed]: {
    refusal: (m) =>
      first(
        playing(m),
        decidedAgain(m, () => decideEndProposal(m.state, actorSeat(m), new Date(m.event.at), m.event.actorUserId!)),
      ),
  },
  [EndAnswered]: { refusal: answered('end') },
  [EndedByAgreement]: {
    refusal: (m) => first(playing(m), agreed(m, 'end', (m.event.payload as { proposalSeq: number }).proposalSeq)),
  },
  [ProposalWithdrawn]: {
    refusal: (m) =>
      first(
        playing(m),
        decidedAgain(m, () => decideWithdrawal(m.state, actorSeat(m), new Date(m.event.at), m.event.actorUserId!)),
      ),
  },
  [ProposalLapsed]: {
    refusal: (m) =>
      first(
        playing(m),
        m.event.actorUserId === null ? null : 'only the server records that a proposal lapsed',
        decidedAgain(m, () => decideLapse(m.state, new Date(m.event.at)) ?? []),
      ),
  },
  [SeedRevealed]: {
    refusal(m) {
      const { serverSeed } = m.event.payload as unknown as SeedRevealedPayload;
      if (!m.status?.finished) return 'the seed is revealed only when the game finishes';
      if (m.previous?.at !== m.event.at) return 'the seed is revealed with the events that finish the game';
      return commitmentTo(serverSeed) === m.record.randomness.commitment
        ? null
        : 'the revealed server seed does not match the commitment made when the game was created';
    },
  },
};
