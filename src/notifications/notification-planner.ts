/**
 * Who is told what about a change to a game: a pure function of the change.
 * Mail content is worked out later, at delivery, from the game's events.
 */
import { PendingChange, seatsNowToAct } from '../play/game-change-hooks';
import { lifeOf, seatsToAnswer } from '../play/game-life';
import {
  DeadlineExtended,
  DeadlinePassed,
  EndedByHost,
  EndProposed,
  GameRolledBack,
  GameStarted,
  PlayerInvited,
  TableExpired,
  TakebackRequested,
} from '../play/platform-events';
import type { PlannedNotification } from './outbox';

export function plannedNotifications(change: PendingChange): PlannedNotification[] {
  const { before, state, status, appended } = change;
  const players = state.seats.filter((userId): userId is string => userId !== null);
  const planned: PlannedNotification[] = [];
  for (const event of appended) {
    switch (event.type) {
      case PlayerInvited:
        // Invitations now name an invitation, whose mail is written with it (src/invitations/); older ones named the user.
        if (typeof event.payload.userId === 'string') planned.push({ userId: event.payload.userId, kind: 'INVITATION' });
        break;
      case GameStarted:
        planned.push(...players.map((userId) => ({ userId, kind: 'GAME_STARTED' as const })));
        break;
      case TableExpired:
        planned.push(...players.map((userId) => ({ userId, kind: 'TABLE_EXPIRED' as const, details: { ...event.payload } })));
        break;
      case GameRolledBack:
        planned.push(
          ...players
            .filter((userId) => userId !== event.actorUserId)
            .map((userId) => ({ userId, kind: 'ROLLBACK' as const, details: { toVersion: event.payload.toVersion, reason: event.payload.reason } })),
        );
        break;
      case TakebackRequested:
      case EndProposed: {
        // Asked: the seats the request waits for, as the decider counts answers (the append that makes it makes nothing else).
        // A takeback's mail tells where it goes back to (toVersion, read as a move at delivery).
        const { seat, reason, expiresAt, toVersion } = event.payload as { seat: number; reason?: string; expiresAt: string; toVersion?: number };
        const details = {
          request: event.type === TakebackRequested ? 'takeback' : 'end',
          seat,
          expiresAt,
          ...(reason ? { reason } : {}),
          ...(event.type === TakebackRequested && typeof toVersion === 'number' ? { toVersion } : {}),
        };
        const proposal = lifeOf(state).proposal;
        const asked = proposal ? seatsToAnswer(state, proposal) : [];
        planned.push(...asked.map((other) => ({ userId: state.seats[other]!, kind: 'AGREEMENT_REQUEST' as const, details })));
        break;
      }
      case DeadlinePassed: {
        const late = event.payload.userId as string;
        // Extended at once by the game's settings: the new deadline, to tell.
        const extended = appended.find((other) => other.type === DeadlineExtended && other.payload.seat === event.payload.seat);
        const details = {
          seat: event.payload.seat,
          lateUserId: late,
          onExpiry: state.moveDeadline?.onExpiry,
          ...(extended ? { extendedTo: extended.payload.dueAt } : {}),
        };
        planned.push(...[...new Set([late, before.row.hostId])].map((userId) => ({ userId, kind: 'DEADLINE_PASSED' as const, details })));
        break;
      }
      case DeadlineExtended: {
        // The host gave a late player more time (the settings' own extension is told with the deadline above): the player is told until when.
        const late = state.seats[event.payload.seat as number];
        if (event.actorUserId === null || !late || late === event.actorUserId) break;
        const details = {
          seat: event.payload.seat,
          lateUserId: late,
          onExpiry: state.moveDeadline?.onExpiry,
          extendedTo: event.payload.dueAt,
          extendedByHost: true,
        };
        planned.push({ userId: late, kind: 'DEADLINE_PASSED', details });
        break;
      }
    }
  }
  if (status?.finished) {
    if (before.row.status !== 'FINISHED') {
      const details = endedAtDeadline(appended);
      planned.push(...players.map((userId) => ({ userId, kind: 'GAME_FINISHED' as const, ...(details ? { details } : {}) })));
    }
    return planned;
  }
  for (const seat of seatsNowToAct(change)) {
    // The deadline the mail asks for is read when it goes out (deadlines' part of the mail), whatever the time control.
    planned.push({ userId: state.seats[seat]!, kind: 'YOUR_TURN', details: { seat }, grace: true });
  }
  return planned;
}

/** A game ended as a deadline passed: whose it was, and whether the host chose that (else the game's settings did); null otherwise. */
function endedAtDeadline(appended: PendingChange['appended']): { deadlineSeat: number; endedByHost: boolean } | null {
  const ended = appended.find((event) => event.type === EndedByHost && typeof event.payload.seat === 'number');
  return ended ? { deadlineSeat: ended.payload.seat as number, endedByHost: ended.actorUserId !== null } : null;
}
