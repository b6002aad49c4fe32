import { DynamicModule, Global, Module } from '@nestjs/common';
import { Metrics } from './metrics';
import { METRICS_TOKEN, MetricsController } from '../health/metrics.controller';

/** This process's metrics, for whatever counts something (the server and the mail worker alike). */
@Global()
@Module({ providers: [Metrics], exports: [Metrics] })
export class MetricsModule {}

/** `/metrics` (the server only), guarded by `token` unless it is null. */
@Module({})
export class MetricsEndpointModule {
  static forRoot(token: string | null): DynamicModule {
    return { module: MetricsEndpointModule, controllers: [MetricsController], providers: [{ provide: METRICS_TOKEN, useValue: token }] };
  }
}
