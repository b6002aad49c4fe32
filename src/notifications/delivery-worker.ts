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

  onApplicationBootstrap(): void {
    if (this.mailer.canSend) this.queue.work((claims, until) => this.delivery.deliver(claims, until));
  }
}
