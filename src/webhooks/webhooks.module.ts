import { Module } from '@nestjs/common';
import { NotificationsModule } from '../notifications/notifications.module';
import { OutboundModule } from '../outbound/outbound.module';
import { PlayModule } from '../play/play.module';
import { PublicNamesModule } from '../public-names/public-names.module';
import { GameStandings } from './game-standings';
import { WebhookDelivery } from './webhook-delivery';
import { WebhookTurns } from './webhook-turns';
import { WebhooksResolver } from './webhooks.resolver';
import { WebhooksService } from './webhooks.service';

/** Each turn of a game posted to a chat channel its host chose (Discord, Slack, Matrix, or signed JSON), through an outbox of its own. */
@Module({
  imports: [PlayModule, NotificationsModule, OutboundModule, PublicNamesModule],
  providers: [WebhooksService, WebhooksResolver, WebhookTurns, GameStandings, WebhookDelivery],
  exports: [WebhookDelivery, WebhooksService],
})
export class WebhooksModule {}
