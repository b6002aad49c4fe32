import { DynamicModule, Module } from '@nestjs/common';
import { NotificationsModule } from './notifications/notifications.module';
import { foundation, ProcessOptions } from './process-foundation';

/** The mail worker process (mail-worker.ts): sends queued notifications and nothing else; the server runs the sweeps. */
@Module({})
export class MailWorkerModule {
  static forRoot(options: Omit<ProcessOptions, 'sweepIntervalMs' | 'metricsToken'>): DynamicModule {
    return { module: MailWorkerModule, imports: [...foundation(options), NotificationsModule] };
  }
}
