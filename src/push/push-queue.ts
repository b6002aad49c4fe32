import { Inject, Injectable } from '@nestjs/common';
import { PrismaService } from '../database/prisma.service';
import { LeasedQueue } from '../notifications/delivery-queue';
import { DEFAULT_DELIVERY_POLICY } from '../notifications/notification-options';
import { PUSH_OPTIONS, PushOptions } from './push-options';

/**
 * The push messages waiting to go out (push_messages), worked with the
 * notifications queue's own mechanics: claims under a lease, retries with
 * backoff and jitter, FAILED once the retries are spent.
 */
@Injectable()
export class PushQueue extends LeasedQueue {
  constructor(prisma: PrismaService, @Inject(PUSH_OPTIONS) options: PushOptions) {
    super(prisma, { ...DEFAULT_DELIVERY_POLICY, ...options.delivery }, { name: 'push_messages', entry: 'push' });
  }
}
