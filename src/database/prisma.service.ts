import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../generated/prisma/client';

/** The app's one Prisma client, over node-postgres (Prisma 7 is Rust-free). */
@Injectable()
export class PrismaService extends PrismaClient implements OnModuleDestroy {
  constructor(databaseUrl: string) {
    super({ adapter: new PrismaPg({ connectionString: databaseUrl, max: 20 }) });
  }

  async onModuleDestroy(): Promise<void> {
    await this.$disconnect();
  }
}
