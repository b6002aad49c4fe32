import { Module } from '@nestjs/common';
import { OutboundHttp } from './outbound-http';

/** Calls to URLs given to the server (push endpoints, webhooks), guarded against reaching private addresses; configured by OUTBOUND_OPTIONS. */
@Module({ providers: [OutboundHttp], exports: [OutboundHttp] })
export class OutboundModule {}
