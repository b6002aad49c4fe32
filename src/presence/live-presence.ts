/**
 * Who has a game open in a live page: the API records each signed-in
 * player's `gameUpdated` subscription while it lasts, so that a "your turn"
 * mail can stay unsent for a player who was looking (grace-periods.ts), from
 * whichever server process serves the page.
 */
import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { Clock } from '../common/clock';
import { PeriodicTask } from '../common/periodic';
import { PrismaService } from '../database/prisma.service';
import { PRESENCE_RENEWAL_MS, PresenceStore } from './presence-store';

/** Ends a page's presence. */
export type Leave = () => Promise<void>;

@Injectable()
export class LivePresence implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(LivePresence.name);
  private readonly store: PresenceStore;
  /** This process's open rows. */
  private readonly open = new Set<string>();
  private readonly renewal = new PeriodicTask('presence renewal', PRESENCE_RENEWAL_MS, () => this.store.renew([...this.open], this.clock.now()));

  constructor(
    prisma: PrismaService,
    private readonly clock: Clock,
  ) {
    this.store = new PresenceStore(prisma.sql);
  }

  onApplicationBootstrap(): void {
    this.renewal.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.renewal.stop();
  }

  /**
   * Records that `userId` has the game open, until the returned function is
   * called. If it cannot be recorded, the page works all the same (its
   * player may then get a mail they did not need).
   */
  async enter(gameId: string, userId: string): Promise<Leave> {
    let id: string;
    try {
      id = await this.store.open(gameId, userId, this.clock.now());
    } catch (error) {
      this.logger.warn(`could not record that a page opened game ${gameId}: ${(error as Error).message}`);
      return async () => undefined;
    }
    this.open.add(id);
    return async () => {
      this.open.delete(id);
      try {
        await this.store.close(id, this.clock.now());
      } catch (error) {
        // Unrenewed, the row stops counting shortly after its last renewal.
        this.logger.warn(`could not record that a page left game ${gameId}: ${(error as Error).message}`);
      }
    };
  }
}
