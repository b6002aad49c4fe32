import { Module } from '@nestjs/common';
import { NotificationsModule } from '../notifications/notifications.module';
import { OutboundModule } from '../outbound/outbound.module';
import { PlayModule } from '../play/play.module';
import { PublicNamesModule } from '../public-names/public-names.module';
import { GameStandings } from './game-standings';
import { WebhookDelivery } from './webhook-delivery';
import { WebhooksResolver } from './webhooks.resolver';
import { WebhooksService } from './webhooks.service';

/**
 * Turns posted to chat channels (Discord, Slack, Matrix, or signed JSON): a
 * game's, set by its host, and each player's own, through an outbox of their
 * own. The posts are queued by the database as each turn's mail is written
 * (the trigger `queue_webhook_posts`, prisma/migrations/*_webhook_posts_by_index), so a move pays no
 * round trip for them.
 */
@Module({
  imports: [PlayModule, NotificationsModule, OutboundModule, PublicNamesModule],
  providers: [WebhooksService, WebhooksResolver, GameStandings, WebhookDelivery],
  exports: [WebhookDelivery, WebhooksService],
})
export class WebhooksModule {}
