/** A group's webhook (src/webhooks/): its admins alone set, read and remove it. */
import { Injectable } from '@nestjs/common';
import type { WebhookKind } from '../webhooks/webhook-posts';
import type { StoredWebhook } from '../webhooks/webhooks.repository';
import { WebhooksService } from '../webhooks/webhooks.service';
import { GroupsService } from './groups.service';

@Injectable()
export class GroupWebhooks {
  constructor(
    private readonly groups: GroupsService,
    private readonly webhooks: WebhooksService,
  ) {}

  async set(userId: string, groupId: string, url: string, kind: WebhookKind): Promise<{ webhook: StoredWebhook; secret: string }> {
    await this.groups.requireRole(userId, groupId, 'ADMIN');
    return this.webhooks.set(userId, { groupId }, url, kind);
  }

  async of(userId: string, groupId: string): Promise<StoredWebhook | null> {
    await this.groups.requireRole(userId, groupId, 'ADMIN');
    return this.webhooks.of(userId, { groupId });
  }

  async remove(userId: string, groupId: string): Promise<void> {
    await this.groups.requireRole(userId, groupId, 'ADMIN');
    await this.webhooks.remove(userId, { groupId });
  }
}
