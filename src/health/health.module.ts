import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { LifecycleModule } from '../lifecycle/lifecycle.module';
import { MetricsModule } from '../metrics/metrics.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { HealthController } from './health.controller';
import { MetricsController } from './metrics.controller';

/** What operators read: `/health/live` and `/health/ready` (@nestjs/terminus), and `/metrics` (guarded by METRICS_TOKEN, a setting, unless it is null). */
@Module({
  imports: [TerminusModule.forRoot({ logger: false }), LifecycleModule, MetricsModule, NotificationsModule],
  controllers: [HealthController, MetricsController],
})
export class HealthModule {}
