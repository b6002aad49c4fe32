import { Global, Module } from '@nestjs/common';
import { Metrics } from './metrics';

/** This process's metrics, for whatever counts something (the server and the mail worker alike). */
@Global()
@Module({ providers: [Metrics], exports: [Metrics] })
export class MetricsModule {}
