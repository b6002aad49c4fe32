import { Injectable, OnModuleInit } from '@nestjs/common';
import type { Sql } from '../database/sql';
import { GameChange, GameChangeHook, GameChangeHooks, PendingChange } from '../play/game-change-hooks';
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

  hasWork(change: PendingChange): boolean {
    return plannedNotifications(change).length > 0;
  }

  async inTransaction(sql: Sql, change: GameChange): Promise<void> {
    const version = change.appended[change.appended.length - 1].seq;
    await this.outbox.recordInTransaction(sql, change.before.row.id, version, plannedNotifications(change));
  }
}
