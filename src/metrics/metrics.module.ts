import { Module } from '@nestjs/common';
import { Metrics } from './metrics';

/** This process's metrics, for whatever counts something (the server and the mail worker alike). */
@Module({ providers: [Metrics], exports: [Metrics] })
export class MetricsModule {}
