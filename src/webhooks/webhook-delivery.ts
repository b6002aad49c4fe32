/**
 * Delivers the queued posts (webhooks.repository.ts, a leased queue): at
 * least once, retried with backoff and jitter. A post whose webhook has a
 * later one waiting is not sent: the later one tells the channel more. A
 * webhook that has failed at every try for a day is switched off, and its
 * owner told by mail, in one transaction.
 */
import { Inject, Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { Clock } from '../common/clock';
import { PrismaService } from '../database/prisma.service';
import { DeliveryClaim, DeliveryFailure, LeasedQueue } from '../notifications/delivery-queue';
import { NotificationOutbox } from '../notifications/outbox';
import { OutboundHttp, OutboundResponse } from '../outbound/outbound-http';
import { GameStandings } from './game-standings';
import { postBody, SIGNATURE_HEADER, signature } from './webhook-posts';
import { SWITCH_OFF_AFTER_MS, WEBHOOKS_OPTIONS, WebhooksOptions } from './webhook-options';
import { ClaimedPost, StoredWebhook, WebhooksRepository } from './webhooks.repository';

/** What Discord answers a post made with `?wait=true`: the message, to edit at the next turn. */
interface DiscordMessage {
  id: string;
}

@Injectable()
export class WebhookDelivery implements OnApplicationBootstrap, OnModuleDestroy {
  readonly queue: LeasedQueue;
  private readonly repository: WebhooksRepository;

  constructor(
    private readonly prisma: PrismaService,
    @Inject(WEBHOOKS_OPTIONS) private readonly options: WebhooksOptions,
    private readonly outbound: OutboundHttp,
    private readonly standings: GameStandings,
    private readonly outbox: NotificationOutbox,
    private readonly clock: Clock,
  ) {
    this.repository = new WebhooksRepository(prisma.sql);
    this.queue = new LeasedQueue(prisma, options.delivery, { name: 'webhook_deliveries', entry: 'webhook post' });
  }

  onApplicationBootstrap(): void {
    if (this.options.deliver) this.queue.work((claims) => this.deliver(claims));
  }

  onModuleDestroy(): Promise<void> {
    return this.queue.onModuleDestroy();
  }

  /** Delivers claimed posts (the queue's claims name their rows `notificationId`, as its first table's do). */
  async deliver(claims: readonly DeliveryClaim[]): Promise<DeliveryFailure[]> {
    const posts = await this.repository.claimed(claims.map(({ notificationId }) => notificationId));
    const failures = await Promise.all(posts.map((post) => this.deliverOne(post)));
    return failures.filter((failure): failure is DeliveryFailure => failure !== null);
  }

  private async deliverOne(post: ClaimedPost): Promise<DeliveryFailure | null> {
    if (post.laterWaiting) {
      await this.repository.mark(post.deliveryId, 'SUPERSEDED', this.clock.now());
      return null;
    }
    try {
      await this.send(post.webhook, post.gameId);
    } catch (error) {
      await this.failed(post.webhook);
      return { notificationId: post.deliveryId, error };
    }
    await this.repository.works(post.webhook.id);
    await this.repository.mark(post.deliveryId, 'SENT', this.clock.now());
    return null;
  }

  /**
   * Posts the game's standing now. A game's webhook on Discord edits the
   * game's status message when there is one; a player's own posts a message
   * each turn, which pings them.
   */
  private async send(webhook: StoredWebhook, gameId: string): Promise<void> {
    const now = this.clock.now();
    const body = JSON.stringify(postBody(webhook.kind, await this.standings.of(gameId), now));
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (webhook.kind === 'JSON') headers[SIGNATURE_HEADER] = signature(webhook.secret, body, now);
    if (webhook.kind !== 'DISCORD' || webhook.gameId === null)
      return void succeeded(await this.outbound.request(webhook.url, { method: 'POST', headers, body }));
    if (webhook.messageId) {
      const edited = await this.outbound.request(discordUrl(webhook.url, `/messages/${webhook.messageId}`), { method: 'PATCH', headers, body });
      // A status message someone deleted is posted afresh.
      if (edited.status !== 404) return void succeeded(edited);
    }
    const posted = succeeded(await this.outbound.request(discordUrl(webhook.url, '', true), { method: 'POST', headers, body }));
    await this.repository.keepMessage(webhook.id, (JSON.parse(posted.body.toString('utf8')) as DiscordMessage).id);
  }

  /** Notes the failure; a day of them switches the webhook off, and tells its owner (of the game, for a game's webhook). */
  private async failed(webhook: StoredWebhook): Promise<void> {
    const now = this.clock.now();
    const since = await this.repository.fails(webhook.id, now);
    if (now.getTime() - since.getTime() < SWITCH_OFF_AFTER_MS) return;
    await this.prisma.inSqlTransaction(async (sql) => {
      if (!(await this.repository.switchOff(sql, webhook.id, now))) return;
      const details = { host: new URL(webhook.url).hostname };
      await this.outbox.recordAccountMail(sql, {
        kind: 'WEBHOOK_SWITCHED_OFF',
        userId: webhook.ownerId,
        toAddress: null,
        gameId: webhook.gameId ?? undefined,
        details,
      });
    });
  }
}

function succeeded(response: OutboundResponse): OutboundResponse {
  if (response.status < 200 || response.status >= 300) throw new Error(`the channel answered ${response.status}`);
  return response;
}

/** A Discord webhook's address with `path` added (its query, a thread say, kept); `wait` asks for the message posted. */
function discordUrl(base: string, path: string, wait = false): string {
  const url = new URL(base);
  url.pathname = url.pathname.replace(/\/+$/, '') + path;
  if (wait) url.searchParams.set('wait', 'true');
  return url.toString();
}
