/**
 * Keeps `turn_deadlines` in step with a game's events, in the same
 * transaction: a seat's deadline starts when its turn does, moves when it is
 * extended, is marked when it passes, and goes when the seat is done.
 */
import { Injectable, OnModuleInit } from '@nestjs/common';
import type { Prisma } from '../generated/prisma/client';
import { GameChange, GameChangeHook, GameChangeHooks, PendingChange, seatsNowToAct } from '../play/game-change-hooks';
import { DeadlineExtended, DeadlinePassed, MoveDeadlineSettings } from '../play/platform-events';
import { deadlineFor, reminderTime } from './deadline-settings';

interface SeatPayload {
  seat: number;
}

@Injectable()
export class TurnDeadlineProjection implements GameChangeHook, OnModuleInit {
  constructor(private readonly hooks: GameChangeHooks) {}

  onModuleInit(): void {
    this.hooks.register(this);
  }

  /** Only games played with move deadlines have any. */
  hasWork(change: PendingChange): boolean {
    return change.state.moveDeadline !== undefined && change.state.moveDeadline !== null;
  }

  async inTransaction(tx: Prisma.TransactionClient, change: GameChange): Promise<void> {
    const settings = change.state.moveDeadline;
    if (!settings) return;
    const gameId = change.before.row.id;
    const now = change.appended[0].at;
    const starting = seatsNowToAct(change);
    const toAct = change.status && !change.status.finished ? change.status.activeSeats : [];
    await tx.turnDeadline.deleteMany({ where: { gameId, OR: [{ seat: { notIn: toAct } }, { seat: { in: starting } }] } });
    await tx.turnDeadline.createMany({
      data: starting.map((seat) => ({ gameId, seat, userId: change.state.seats[seat]!, activeSince: now, ...deadlineFor(settings, now) })),
    });
    for (const event of change.appended) {
      const { seat } = event.payload as unknown as SeatPayload;
      if (event.type === DeadlinePassed) {
        await tx.turnDeadline.updateMany({ where: { gameId, seat }, data: { expiredAt: now } });
      } else if (event.type === DeadlineExtended) {
        await tx.turnDeadline.updateMany({ where: { gameId, seat }, data: this.extended(settings, now, new Date(event.payload.dueAt as string)) });
      }
    }
  }

  /** A fresh deadline counted from the extension: earlier vacation time is not counted again. */
  private extended(settings: MoveDeadlineSettings, now: Date, dueAt: Date): Prisma.TurnDeadlineUpdateManyMutationInput {
    return { activeSince: now, dueAt, remindAt: reminderTime(settings, dueAt), remindedAt: null, expiredAt: null };
  }
}
