import { Module } from '@nestjs/common';
import { NotificationsModule } from '../notifications/notifications.module';
import { OutboundModule } from '../outbound/outbound.module';
import { PlayModule } from '../play/play.module';
import { PushAnswers } from './push-answers';
import { PushDelivery } from './push-delivery';
import { PushQueue } from './push-queue';
import { PushResolver } from './push.resolver';
import { PushSubscriptions } from './push-subscriptions.service';
import { PushSubscriptionsRepository } from './push-subscriptions.repository';
import { PushWorker } from './push-worker';

/**
 * Web push: players' devices, the push queue and its worker, answers from a
 * push's buttons, and their part of the API. What is pushed comes from the
 * notifications outbox (push-channel.ts); configured by PUSH_OPTIONS.
 */
@Module({
  imports: [OutboundModule, PlayModule, NotificationsModule],
  providers: [PushSubscriptionsRepository, PushSubscriptions, PushQueue, PushDelivery, PushWorker, PushAnswers, PushResolver],
  exports: [PushSubscriptionsRepository, PushQueue],
})
export class PushModule {}
