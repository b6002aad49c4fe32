/**
 * Who is looking at a game: a page holds a `presentAtGame` subscription
 * while its player can see it and is using it (web/src/play/use-presence.ts),
 * and the API records it while it lasts, so that a "your turn" mail can stay
 * unsent for a player who was looking (grace-periods.ts), from whichever
 * server process serves the page. A page that is hidden or left idle lets go
 * of it, and its player is mailed as if the page were closed.
 */
import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { Clock } from '../common/clock';
import { AppError } from '../common/errors';
import { PeriodicTask } from '../common/periodic';
import { PrismaService } from '../database/prisma.service';
import { readWhileUnavailable, wakeableIterator } from '../graphql/game-updates';
import { GameService } from '../play/game.service';
import { seatOf } from '../play/game-state';
import { PRESENCE_RENEWAL_MS, PresenceStore } from './presence-store';

/** Ends a page's presence. */
type Leave = () => Promise<void>;

@Injectable()
export class LivePresence implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(LivePresence.name);
  private readonly store: PresenceStore;
  /** This process's open rows. */
  private readonly open = new Set<string>();
  private readonly renewal = new PeriodicTask('presence renewal', PRESENCE_RENEWAL_MS, () => this.store.renew([...this.open], this.clock.now()));

  constructor(
    prisma: PrismaService,
    private readonly play: GameService,
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
   * `userId` looks at the game (one of its players; else NOT_FOUND or
   * FORBIDDEN): recorded at once, and until the returned iterator is ended,
   * which it never is by itself. It yields `true` once, when recorded.
   */
  async attend(gameId: string, userId: string): Promise<AsyncIterableIterator<boolean>> {
    const game = await readWhileUnavailable(() => this.play.load(gameId));
    // Only its players are mailed about a game: nobody else's presence there would change anything.
    if (seatOf(game.state, userId) === null) throw new AppError('FORBIDDEN', "Only the game's players are counted as looking at it.");
    const leave = await this.enter(gameId, userId);
    let recorded = false;
    const { iterator } = wakeableIterator({
      ready: () => !recorded,
      take: () => (recorded = true),
      stop: () => void leave(),
    });
    return iterator;
  }

  /**
   * Records that `userId` looks at the game, until the returned function is
   * called. If it cannot be recorded, the page works all the same (its
   * player may then get a mail they did not need).
   */
  private async enter(gameId: string, userId: string): Promise<Leave> {
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
