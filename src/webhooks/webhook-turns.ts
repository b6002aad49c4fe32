import { Injectable, OnModuleInit } from '@nestjs/common';
import { ChangeWrites, GameChangeHook, GameChangeHooks, PendingChange, seatsNowToAct } from '../play/game-change-hooks';
import { WebhooksRepository } from './webhooks.repository';

/**
 * Queues a post to the game's webhook, and to the own webhooks of the
 * players whose turn begins (all of them as the game ends), in the append's
 * own transaction, whenever a change gives players a turn or ends the game:
 * so a channel is never told of a turn that did not happen, nor misses one
 * that did.
 */
@Injectable()
export class WebhookTurns implements GameChangeHook, OnModuleInit {
  constructor(private readonly hooks: GameChangeHooks) {}

  onModuleInit(): void {
    this.hooks.register(this);
  }

  writesFor(change: PendingChange): ChangeWrites | null {
    const endsNow = change.status?.finished === true && change.before.row.status !== 'FINISHED';
    const seats = endsNow ? change.state.seats.map((_, seat) => seat) : seatsNowToAct(change);
    if (seats.length === 0) return null;
    // A player's own webhook hears of their turns, and of the end of their games.
    const players = seats.flatMap((seat) => change.state.seats[seat] ?? []);
    return async (sql, { before, appended }) => {
      const last = appended[appended.length - 1];
      await WebhooksRepository.recordPosts(sql, before.row.id, last.seq, last.at, players);
    };
  }
}
