/**
 * The daily digest: mail held for a user (by preference, or while on
 * vacation) goes out as one mail once the oldest of it has waited a day and
 * the user is back. The digest is itself a notification in the outbox.
 * Held mail no longer true by then (a turn since played, ...) is left out
 * and marked SUPERSEDED (superseded-mail.ts); with nothing left, no digest
 * is written. What it lists is looked at again when it is sent (mail-facts.ts).
 */
import { Inject, Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { Clock } from '../common/clock';
import { PeriodicTask } from '../common/periodic';
import { PrismaService } from '../database/prisma.service';
import { sqlInPrismaTransaction } from '../database/sql';
import { Vacations } from '../vacations/vacations';
import { NOTIFICATIONS_OPTIONS, NotificationsOptions } from './notification-options';
import { NotificationOutbox } from './outbox';
import { SupersededMail } from './superseded-mail';

export const DIGEST_INTERVAL_MS = 24 * 60 * 60 * 1000;

/** Another process digested the same mail first, or none is left: this digest is rolled back. */
class AlreadyDigested extends Error {}

@Injectable()
export class Digests implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly sweeper?: PeriodicTask;

  constructor(
    private readonly prisma: PrismaService,
    private readonly outbox: NotificationOutbox,
    private readonly vacations: Vacations,
    private readonly superseded: SupersededMail,
    private readonly clock: Clock,
    @Inject(NOTIFICATIONS_OPTIONS) options: NotificationsOptions,
  ) {
    if (options.sweepIntervalMs) this.sweeper = new PeriodicTask('digest sweep', options.sweepIntervalMs, () => this.sendDue());
  }

  onApplicationBootstrap(): void {
    this.sweeper?.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.sweeper?.stop();
  }

  /** Writes a digest for every user whose held mail is due; returns how many. */
  async sendDue(): Promise<number> {
    const now = this.clock.now();
    const held = await this.prisma.notification.groupBy({ by: ['userId'], where: { status: 'HELD' }, _min: { createdAt: true } });
    const due = held.filter((group) => group._min.createdAt!.getTime() <= now.getTime() - DIGEST_INTERVAL_MS);
    let written = 0;
    for (const { userId } of due) {
      if (!userId) continue; // held mail is always a user's
      if (await this.vacations.isOnVacation(userId, now)) continue;
      if (await this.writeDigest(userId)) written++;
    }
    return written;
  }

  private async writeDigest(userId: string): Promise<boolean> {
    await this.superseded.markHeld(this.prisma.sql, userId);
    try {
      await this.prisma.$transaction(async (tx) => {
        const [digestId] = await this.outbox.recordInTransaction(sqlInPrismaTransaction(tx), null, 0, [{ userId, kind: 'DIGEST' }]);
        const claimed = await tx.notification.updateMany({ where: { userId, status: 'HELD' }, data: { status: 'DIGESTED', digestId } });
        if (claimed.count === 0) throw new AlreadyDigested();
      });
      return true;
    } catch (error) {
      if (error instanceof AlreadyDigested) return false;
      throw error;
    }
  }
}
