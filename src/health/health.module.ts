import { DynamicModule, Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { HealthController } from './health.controller';
import { METRICS_TOKEN, MetricsController } from './metrics.controller';

/** `/health/live` and `/health/ready` (@nestjs/terminus). */
@Module({
  imports: [TerminusModule.forRoot({ logger: false })],
  controllers: [HealthController],
})
export class HealthModule {}

/** `/metrics` (the server only), guarded by `token` unless it is null. */
@Module({})
export class MetricsEndpointModule {
  static forRoot(token: string | null): DynamicModule {
    return { module: MetricsEndpointModule, controllers: [MetricsController], providers: [{ provide: METRICS_TOKEN, useValue: token }] };
  }
}
