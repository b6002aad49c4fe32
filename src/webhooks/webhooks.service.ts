/** Who may set a webhook, what address it may have, and how a player is mentioned in posts. */
import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { Clock } from '../common/clock';
import { AppError } from '../common/errors';
import { PrismaService } from '../database/prisma.service';
import type { Sql } from '../database/sql';
import { OutboundHttp, OutboundUrlRefused } from '../outbound/outbound-http';
import { GameService } from '../play/game.service';
import type { ChatHandles, WebhookKind } from './webhook-posts';
import { StoredWebhook, WebhookScope, WebhooksRepository } from './webhooks.repository';

/** What each service's ids look like: a handle that is not one would mention nobody, or someone else. */
const HANDLE_FORMS: Record<keyof ChatHandles, { form: RegExp; says: string }> = {
  discord: { form: /^\d{17,20}$/, says: 'A Discord user id is 17 to 20 digits (Discord: Settings, Advanced, Developer Mode; then Copy User ID).' },
  slack: { form: /^[UW][A-Z0-9]{6,20}$/, says: 'A Slack member id starts with U or W (Slack: your profile, the ⋮ menu, Copy member ID).' },
  matrix: { form: /^@[a-z0-9._=\-/+]{1,255}:[A-Za-z0-9.-]{1,253}(:\d{1,5})?$/, says: 'A Matrix user id looks like @name:example.org.' },
};

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

  /** Sets (or replaces) a webhook; the secret JSON posts are signed with is returned here only. */
  async set(userId: string, scope: WebhookScope, url: string, kind: WebhookKind): Promise<{ webhook: StoredWebhook; secret: string }> {
    await this.requireOwner(userId, scope);
    const address = await this.callable(url);
    const secret = `whsec_${randomBytes(24).toString('base64url')}`;
    return { webhook: await this.repository.set(scope, userId, address, kind, secret, this.clock.now()), secret };
  }

  async of(userId: string, scope: WebhookScope): Promise<StoredWebhook | null> {
    await this.requireOwner(userId, scope);
    return this.repository.of(scope);
  }

  async remove(userId: string, scope: WebhookScope): Promise<void> {
    await this.requireOwner(userId, scope);
    await this.repository.remove(scope);
  }

  async handles(userId: string): Promise<ChatHandles> {
    return (await this.repository.handles([userId])).get(userId) ?? { discord: null, slack: null, matrix: null };
  }

  /** Replaces the player's handles; an empty one is none. */
  async setHandles(userId: string, given: ChatHandles): Promise<ChatHandles> {
    const handles = {
      discord: checkedHandle('discord', given.discord),
      slack: checkedHandle('slack', given.slack),
      matrix: checkedHandle('matrix', given.matrix),
    };
    await this.repository.setHandles(userId, handles);
    return handles;
  }

  /** In the caller's transaction: a deleted account's own webhook and handles go with it (a game's webhook stays its game's). */
  forgetUser(sql: Sql, userId: string): Promise<void> {
    return WebhooksRepository.forgetUser(sql, userId);
  }

  /**
   * A game's webhook is its host's; a player's own is theirs alone (the scope
   * is the caller); a group's, its admins' (src/groups/ asks this module only
   * once it knows the caller is one).
   */
  private async requireOwner(userId: string, scope: WebhookScope): Promise<void> {
    if (!('gameId' in scope)) return;
    const game = await this.play.load(scope.gameId);
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

function checkedHandle(service: keyof ChatHandles, given: string | null): string | null {
  const handle = given?.trim() ?? '';
  if (handle === '') return null;
  if (!HANDLE_FORMS[service].form.test(handle)) throw new AppError('BAD_USER_INPUT', HANDLE_FORMS[service].says);
  return handle;
}
