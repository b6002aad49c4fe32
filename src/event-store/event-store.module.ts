import { DynamicModule, Module } from '@nestjs/common';
import { PrismaService } from '../database/prisma.service';
import { EventStore } from './event-store';
import { SnapshotKey, SnapshotStore } from './snapshots';

@Module({})
export class EventStoreModule {
  /** `snapshotKey` seals snapshots (see config/snapshot-key.ts). */
  static forRoot(snapshotKey: Buffer): DynamicModule {
    return {
      module: EventStoreModule,
      providers: [
        EventStore,
        { provide: SnapshotStore, inject: [PrismaService], useFactory: (prisma: PrismaService) => new SnapshotStore(prisma, new SnapshotKey(snapshotKey)) },
      ],
      exports: [EventStore, SnapshotStore],
    };
  }
}
