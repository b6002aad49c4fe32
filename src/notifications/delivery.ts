/**
 * Delivers one notification, as the job queue asks: by the user's
 * preferences it is sent, held for the digest, or skipped. A notification
 * is sent at most once per successful send: only a PENDING one is sent, and
 * it is marked SENT right after the server accepts it.
 */
import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../common/clock';
import { PrismaService } from '../database/prisma.service';
import type { NotificationStatus, Prisma } from '../generated/prisma/client';
import { MailComposer } from './mail-composer';
import { Mailer } from './mailer';
import { NotificationPreferences, Route } from './preferences';

const STATUS_FOR_ROUTE: Record<Exclude<Route, 'SEND'>, NotificationStatus> = { HOLD: 'HELD', SKIP: 'SKIPPED' };
const MAX_ERROR_LENGTH = 1000;

@Injectable()
export class NotificationDelivery {
  private readonly logger = new Logger(NotificationDelivery.name);

  constructor(
    private readonly prisma: PrismaService,
    private readonly preferences: NotificationPreferences,
    private readonly composer: MailComposer,
    private readonly mailer: Mailer,
    private readonly clock: Clock,
  ) {}

  async deliver(notificationId: string): Promise<void> {
    const notification = await this.prisma.notification.findUnique({ where: { id: notificationId } });
    if (!notification || notification.status !== 'PENDING') return;
    const route = await this.preferences.route(notification.userId, notification.kind, this.clock.now());
    if (route !== 'SEND') {
      await this.settle(notificationId, { status: STATUS_FOR_ROUTE[route] });
      return;
    }
    try {
      await this.mailer.send(notificationId, await this.composer.compose(notification));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.logger.warn(`sending notification ${notificationId} failed (will retry): ${message}`);
      await this.prisma.notification.update({ where: { id: notificationId }, data: { attempts: { increment: 1 }, lastError: message.slice(0, MAX_ERROR_LENGTH) } });
      throw error;
    }
    await this.settle(notificationId, { status: 'SENT', sentAt: this.clock.now(), attempts: { increment: 1 }, lastError: null });
  }

  private async settle(id: string, data: Prisma.NotificationUpdateManyMutationInput): Promise<void> {
    await this.prisma.notification.updateMany({ where: { id, status: 'PENDING' }, data });
  }
}
