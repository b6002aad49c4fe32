/** Who may set a game's webhook, and what address it may have. */
import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { Clock } from '../common/clock';
import { AppError } from '../common/errors';
import { PrismaService } from '../database/prisma.service';
import { OutboundHttp, OutboundUrlRefused } from '../outbound/outbound-http';
import { GameService } from '../play/game.service';
import type { WebhookKind } from './webhook-posts';
import { StoredWebhook, WebhooksRepository } from './webhooks.repository';

@Injectable()
export class WebhooksService {
  private readonly repository: WebhooksRepository;

  constructor(
    prisma: PrismaService,
    private readonly play: GameService,
    private readonly outbound: OutboundHttp,
    private readonly clock: Clock,
  ) {
    this.repository = new WebhooksRepository(prisma.sql);
  }

  /** Sets (or replaces) the game's webhook; the secret JSON posts are signed with is returned here only. */
  async set(userId: string, gameId: string, url: string, kind: WebhookKind): Promise<{ webhook: StoredWebhook; secret: string }> {
    await this.requireHost(userId, gameId);
    const address = await this.callable(url);
    const secret = `whsec_${randomBytes(24).toString('base64url')}`;
    return { webhook: await this.repository.set(gameId, userId, address, kind, secret, this.clock.now()), secret };
  }

  async ofGame(userId: string, gameId: string): Promise<StoredWebhook | null> {
    await this.requireHost(userId, gameId);
    return this.repository.ofGame(gameId);
  }

  async remove(userId: string, gameId: string): Promise<void> {
    await this.requireHost(userId, gameId);
    await this.repository.remove(gameId);
  }

  private async requireHost(userId: string, gameId: string): Promise<void> {
    const game = await this.play.load(gameId);
    if (game.row.hostId !== userId) throw new AppError('FORBIDDEN', "Only the game's host sets where its turns are posted.");
  }

  private async callable(url: string): Promise<string> {
    try {
      return (await this.outbound.check(url)).toString();
    } catch (error) {
      if (error instanceof OutboundUrlRefused) throw new AppError('BAD_USER_INPUT', error.reason);
      throw error;
    }
  }
}
