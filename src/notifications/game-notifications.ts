import { Injectable, OnModuleInit } from '@nestjs/common';
import { ChangeWrites, GameChangeHook, GameChangeHooks, PendingChange } from '../play/game-change-hooks';
import { plannedNotifications } from './notification-planner';
import { NotificationOutbox } from './outbox';

/** Writes the notifications a game change causes into the outbox, in the append's own transaction. */
@Injectable()
export class GameNotifications implements GameChangeHook, OnModuleInit {
  constructor(
    private readonly hooks: GameChangeHooks,
    private readonly outbox: NotificationOutbox,
  ) {}

  onModuleInit(): void {
    this.hooks.register(this);
  }

  writesFor(change: PendingChange): ChangeWrites | null {
    const planned = plannedNotifications(change);
    if (planned.length === 0) return null;
    return async (sql, { before, appended }) => {
      await this.outbox.recordInTransaction(sql, before.row.id, appended[appended.length - 1].seq, planned);
    };
  }
}
