/**
 * The transactional outbox: notifications are rows written in the caller's
 * transaction (the one appending the events that cause them), each with its
 * delivery job. Nothing is sent here, so a slow or failing mail server never
 * holds up a move.
 */
import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock';
import type { NotificationKind, Prisma } from '../generated/prisma/client';
import { DeliveryQueue } from './delivery-queue';

export interface PlannedNotification {
  userId: string;
  kind: NotificationKind;
  /** Facts the mail needs that later events could change (a deadline, a reason). */
  details?: Record<string, unknown>;
}

@Injectable()
export class NotificationOutbox {
  constructor(
    private readonly queue: DeliveryQueue,
    private readonly clock: Clock,
  ) {}

  /**
   * Records notifications about a game at one version (null and 0 for a
   * digest); one already recorded for the same game, version, user and kind
   * is not recorded again. Returns the ids of the new ones.
   */
  async recordInTransaction(tx: Prisma.TransactionClient, gameId: string | null, gameVersion: number, planned: PlannedNotification[]): Promise<string[]> {
    if (planned.length === 0) return [];
    const createdAt = this.clock.now();
    const rows = await tx.notification.createManyAndReturn({
      data: planned.map(({ userId, kind, details }) => ({ userId, kind, gameId, gameVersion, createdAt, details: (details ?? {}) as Prisma.InputJsonValue })),
      skipDuplicates: true,
      select: { id: true },
    });
    const ids = rows.map((row) => row.id);
    await this.queue.enqueueInTransaction(tx, ids);
    return ids;
  }
}
