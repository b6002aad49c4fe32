/**
 * Mail to a player that failed on every try (status FAILED): they are told
 * on their settings page, since by definition the mail itself never reached
 * them (a mistyped address, a full mailbox, a mail server that refuses us).
 */
import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock';
import { PrismaService } from '../database/prisma.service';
import type { NotificationKind } from '../generated/prisma/client';

/** Older failures are no longer news. */
const RECENT_DAYS = 30;
const MOST_SHOWN = 10;

export interface UndeliveredEmail {
  kind: NotificationKind;
  gameId: string | null;
  createdAt: Date;
  /** What the mail server last answered. */
  error: string;
}

@Injectable()
export class UndeliveredMail {
  constructor(
    private readonly prisma: PrismaService,
    private readonly clock: Clock,
  ) {}

  /** The player's recent undelivered mail, newest first. */
  async recent(userId: string): Promise<UndeliveredEmail[]> {
    const since = new Date(this.clock.now().getTime() - RECENT_DAYS * 24 * 60 * 60 * 1000);
    const rows = await this.prisma.notification.findMany({
      where: { userId, status: 'FAILED', createdAt: { gte: since } },
      orderBy: { createdAt: 'desc' },
      take: MOST_SHOWN,
      select: { kind: true, gameId: true, createdAt: true, lastError: true },
    });
    return rows.map(({ lastError, ...row }) => ({ ...row, error: lastError ?? 'unknown error' }));
  }
}
