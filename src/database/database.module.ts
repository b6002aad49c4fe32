import { DynamicModule, Global, Module } from '@nestjs/common';
import { PrismaService } from './prisma.service';

export const DATABASE_URL = Symbol('DATABASE_URL');

@Global()
@Module({})
export class DatabaseModule {
  static forRoot(databaseUrl: string): DynamicModule {
    return {
      module: DatabaseModule,
      providers: [
        { provide: DATABASE_URL, useValue: databaseUrl },
        { provide: PrismaService, useFactory: () => new PrismaService(databaseUrl) },
      ],
      exports: [DATABASE_URL, PrismaService],
    };
  }
}
