import { Module } from '@nestjs/common';
import { ShutdownState } from './shutdown-state';

/** The server's running state, shared by the API (sockets), health (ready or not) and the shutdown. */
@Module({ providers: [ShutdownState], exports: [ShutdownState] })
export class LifecycleModule {}
