/**
 * How the verifier decides a recorded platform event again: the command
 * that would have written it, rebuilt from the record, for the same decider
 * the server runs (src/play/platform/). What a record cannot show (a private
 * game's invite code, an invitation's address, a deadline's clock) is taken
 * as the server found it; everything the events say is checked. And how its
 * events are compared with the decided ones: a time the server read from
 * its clock just before the append may be recorded earlier than the
 * decider's (the append's time), and fields that games stored before them
 * lack are not asked of them.
 */
import { jsonEqual } from '../rules/moves';
import { type EventAfter, returnPointOf } from '../play/platform/return-point';
import type { PlatformCommand } from '../play/platform/commands';
import type { CreateCommand, CreateFacts, JoinAccess } from '../play/platform/lobby';
import type { AnyRuleset } from '../rules/contract';
import {
  BotMoved,
  DeadlineAction,
  DeadlineExtended,
  DeadlinePassed,
  EndAnswered,
  EndedByHost,
  EndProposed,
  GameCreated,
  GameCreatedPayload,
  GameRolledBack,
  GameStarted,
  InvitationDeclined,
  isPlatformEvent,
  JumpPayload,
  MoveUndone,
  PlayerInvited,
  PlayerRemoved,
  PlayerResigned,
  ProposalLapsed,
  ProposalWithdrawn,
  SeatGivenUp,
  SeatOffered,
  SeatOfferWithdrawn,
  SeatReassigned,
  SeatReassignedPayload,
  SeatTaken,
  TableExpired,
  SeatTakenPayload,
  TakebackAnswered,
  TakebackRequested,
  TurnSkipped,
} from '../play/platform-events';
import type { RecordEvent } from './game-record';

/** A recorded event's command, by its actor; or why it cannot be one, as a problem or as a game stored before it could be checked. */
export type RecordedCommand = { command: PlatformCommand; actor: string | null } | { problem: string; unverifiable?: true };

/**
 * What the record cannot show of who may join: taken as allowing what the
 * events did. Membership of a group (src/groups/) is among it: who was in
 * the group when they sat down is the groups' table, not the game's events,
 * and members leave later; so a recorded seat in a group's game is taken as
 * a member's, as the server found it, and only the rest of the join rule is
 * checked again.
 */
const ANYONE: JoinAccess = { invitation: null, inviteCode: 'valid', keptForOthers: [], groupMember: true };

/** The outcome a host chose after a deadline, by the event that opens it. */
const RESOLUTIONS: Record<string, DeadlineAction> = { [DeadlineExtended]: 'EXTEND', [TurnSkipped]: 'SKIP', [EndedByHost]: 'END' };

/** The facts of going back to `toVersion` from what the record holds before `seq`. */
function returnPointBefore(events: readonly RecordEvent[], seq: number, toVersion: number) {
  const after: EventAfter[] = events.slice(Math.max(toVersion, 0), seq - 1).map((event) => ({
    seq: event.seq,
    type: event.type,
    actorUserId: event.actorUserId,
    stepStart: event.stepStart,
    toVersion: typeof event.payload.toVersion === 'number' ? event.payload.toVersion : null,
  }));
  return returnPointOf(after, toVersion, seq - 1);
}

/** The seat whose deadline a host's decision is about: named since deadline outcomes name it, in older ends only by the reason's words. */
function resolvedSeat(event: RecordEvent): number | null {
  if (typeof event.payload.seat === 'number') return event.payload.seat;
  const late = /^seat (\d+) ran out of time$/.exec(String(event.payload.reason));
  return late ? Number(late[1]) - 1 : null;
}

/** The invitation the offer recorded at `offerSeq` names, or null when no offer is recorded there. */
function offeredInvitation(events: readonly RecordEvent[], offerSeq: number): string | null {
  const offer = events.find((event) => event.seq === offerSeq);
  return offer?.type === SeatOffered ? String(offer.payload.invitationId) : null;
}

/** The command that opens with `event`, a player's or the server's, as the record shows it (`events`: the whole record). */
export function recordedCommand(event: RecordEvent, events: readonly RecordEvent[]): RecordedCommand {
  const { payload } = event;
  const by = (command: PlatformCommand): RecordedCommand => ({ command, actor: event.actorUserId });
  if (!isPlatformEvent(event.type)) return by({ type: 'move', move: event.move, expectedVersion: event.seq - 1 });
  const jump = payload as unknown as JumpPayload;
  switch (event.type) {
    case SeatTaken: {
      const { seat, clientSeed, timeZone } = payload as unknown as SeatTakenPayload;
      return by({ type: 'join', seat, clientSeed: clientSeed ?? null, access: ANYONE, madeClientSeed: '', timeZone: timeZone ?? null });
    }
    case SeatGivenUp:
      return by({ type: 'leave' });
    case PlayerInvited:
      return by({ type: 'invite', invitees: [{ invitationId: String(payload.invitationId ?? payload.userId), accountId: null }] });
    case InvitationDeclined:
      // What the record cannot show: that its actor held the invitation (an address); that the host made it and nobody declined it, it does.
      return by({ type: 'declineInvitation', invitationIds: [String(payload.invitationId)] });
    case GameStarted:
      return by({ type: 'start' });
    case MoveUndone:
      return by({ type: 'undo' });
    case GameRolledBack:
      return by({
        type: 'rollback',
        toVersion: jump.toVersion,
        reason: String(jump.reason),
        returnPoint: returnPointBefore(events, event.seq, jump.toVersion),
      });
    case TakebackRequested:
      return by({
        type: 'requestTakeback',
        toVersion: jump.toVersion,
        reason: String(jump.reason),
        returnPoint: returnPointBefore(events, event.seq, jump.toVersion),
      });
    case TakebackAnswered:
    case EndAnswered:
      return by({ type: 'answer', kind: event.type === TakebackAnswered ? 'takeback' : 'end', accept: payload.accept === true });
    case EndProposed:
      return by({ type: 'proposeEnd' });
    case ProposalWithdrawn:
      return by({ type: 'withdraw' });
    case ProposalLapsed:
      return by({ type: 'lapse' });
    case TableExpired:
      return by({ type: 'expire', openedAt: events[0].at });
    case PlayerResigned:
      return by({ type: 'resign' });
    case PlayerRemoved:
      return by({ type: 'remove', seat: payload.seat as number });
    case DeadlinePassed:
      return by({ type: 'deadlinePassed', seat: payload.seat as number });
    case BotMoved:
      return by({ type: 'botMove', seat: payload.seat as number, expectedVersion: event.seq - 1 });
    case DeadlineExtended:
    case TurnSkipped:
    case EndedByHost: {
      const seat = resolvedSeat(event);
      if (seat === null) return { problem: 'the game was ended before the server recorded why, so it cannot be decided again', unverifiable: true };
      // What the record cannot show: whether the seat's deadline (kept with vacation pauses) had passed.
      return by({ type: 'resolveDeadline', seat, action: RESOLUTIONS[event.type], deadlinePassed: true });
    }
    case SeatOffered:
      return by({ type: 'offerSeat', seat: payload.seat as number, invitee: { invitationId: String(payload.invitationId), accountId: null } });
    case SeatOfferWithdrawn:
      return by({ type: 'withdrawSeatOffer', seat: payload.seat as number });
    case SeatReassigned: {
      // What the record cannot show: that its new player held the invitation; which offer they took, it does.
      const { offerSeq, timeZone } = payload as unknown as SeatReassignedPayload;
      // Nor that they were a member of the game's group: taken as the server found it, as a join is (ANYONE).
      return by({ type: 'takeSeat', invitationId: offeredInvitation(events, offerSeq), timeZone: timeZone ?? null, groupMember: true });
    }
    case GameCreated:
      return { problem: 'a game is created once, by its first event' };
    default:
      return { problem: `"${event.type}" is never the first event of what a player, the host or the server asked for` };
  }
}

/** The creation (its first event, with the host's seat after it) as the command that made it, and what the server made for it. */
export function recordedCreation(ruleset: AnyRuleset, created: RecordEvent, hostSeat: RecordEvent | undefined): { command: CreateCommand; facts: CreateFacts } {
  const payload = created.payload as unknown as GameCreatedPayload;
  const seat = hostSeat?.type === SeatTaken ? (hostSeat.payload as unknown as SeatTakenPayload) : undefined;
  return {
    command: {
      ruleset,
      seats: payload.seats,
      options: payload.options,
      name: payload.name ?? null,
      visibility: payload.visibility ?? null,
      moveDeadline: payload.moveDeadline ?? null,
      clientSeed: seat?.clientSeed ?? null,
      hostSeat: seat?.seat ?? 0,
      rematchOf: payload.rematchOf ?? null,
      autoStart: payload.autoStart === true,
      hostTimeZone: seat?.timeZone ?? null,
      bots: payload.bots ?? [],
      whenPlayerLeaves: payload.whenPlayerLeaves ?? null,
      groupId: payload.groupId ?? null,
      rated: payload.rated ?? null,
    },
    facts: {
      commitment: payload.commitment!,
      fixedSeed: payload.fixedSeed ?? false,
      drawRecipe: payload.drawRecipe,
      rulesetVersion: payload.rulesetVersion ?? 1,
      hostName: '',
      madeClientSeed: '',
      // As with joins (ANYONE): the host was a member of the game's group, as the server found them.
      hostInGroup: true,
    },
  };
}

/** Fields that events of each type stored before them lack: not asked of a record that lacks them. */
const ADDED_SINCE: Record<string, readonly string[]> = {
  [GameCreated]: ['rulesetVersion', 'drawRecipe', 'fixedSeed', 'name', 'visibility'],
  [SeatTaken]: ['clientSeed'],
  [EndedByHost]: ['seat'],
};

/** Times the server read from its clock just before the append: recorded no later than the decider's, which is the append's own. */
const CLOCK_READINGS: readonly string[] = ['expiresAt', 'dueAt'];

/** An event as its type is written today: older invitations named the invitee. */
function todaysPayload(type: string, payload: Record<string, unknown>): Record<string, unknown> {
  if (type === PlayerInvited && payload.invitationId === undefined) return { invitationId: String(payload.userId) };
  return payload;
}

/** Whether a recorded platform event's payload is the one decided (see ADDED_SINCE and CLOCK_READINGS). */
export function samePlatformPayload(type: string, decided: Record<string, unknown>, recorded: Record<string, unknown>): boolean {
  const today = todaysPayload(type, recorded);
  const lacking = (ADDED_SINCE[type] ?? []).filter((field) => today[field] === undefined);
  const asked = Object.fromEntries(Object.entries(decided).filter(([field]) => !lacking.includes(field) && !CLOCK_READINGS.includes(field)));
  const given = Object.fromEntries(Object.entries(today).filter(([field]) => !CLOCK_READINGS.includes(field)));
  const clockHolds = CLOCK_READINGS.every(
    (field) =>
      (decided[field] === undefined) === (today[field] === undefined) &&
      (decided[field] === undefined || Date.parse(today[field] as string) <= Date.parse(decided[field] as string)),
  );
  return clockHolds && jsonEqual(asked, given);
}
