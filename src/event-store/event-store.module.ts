import { Module } from '@nestjs/common';
import { PrismaService } from '../database/prisma.service';
import { EventStore } from './event-store';
import { SnapshotKey, SnapshotStore } from './snapshots';

/** The key that seals snapshots (see config/snapshot-key.ts): a setting the process gives (config.module.ts). */
export const SNAPSHOT_KEY = Symbol('SNAPSHOT_KEY');

/** The game events and their sealed snapshots: what play reads and appends. */
@Module({
  providers: [
    EventStore,
    {
      provide: SnapshotStore,
      inject: [PrismaService, SNAPSHOT_KEY],
      useFactory: (prisma: PrismaService, key: Buffer) => new SnapshotStore(prisma, new SnapshotKey(key)),
    },
  ],
  exports: [EventStore, SnapshotStore],
})
export class EventStoreModule {}
