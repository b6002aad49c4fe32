import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { PushDelivery } from './push-delivery';
import { PUSH_OPTIONS, PushOptions } from './push-options';
import { PushQueue } from './push-queue';

/** Works the push queue in this process, where it is to send pushes. */
@Injectable()
export class PushWorker implements OnApplicationBootstrap {
  constructor(
    private readonly queue: PushQueue,
    private readonly delivery: PushDelivery,
    @Inject(PUSH_OPTIONS) private readonly options: PushOptions,
  ) {}

  onApplicationBootstrap(): void {
    if (this.options.sends) this.queue.work((claims, until) => this.delivery.deliver(claims, until));
  }
}
