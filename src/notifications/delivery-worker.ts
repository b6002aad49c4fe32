import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { DeliveryQueue } from './delivery-queue';
import { NotificationDelivery } from './delivery';
import { Mailer } from './mailer';

/** Works the delivery queue in this process, when it has a mail server to send to. */
@Injectable()
export class DeliveryWorker implements OnApplicationBootstrap {
  constructor(
    private readonly queue: DeliveryQueue,
    private readonly delivery: NotificationDelivery,
    private readonly mailer: Mailer,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.mailer.canSend) await this.queue.work((id, finalAttempt) => this.delivery.deliver(id, finalAttempt));
  }
}
