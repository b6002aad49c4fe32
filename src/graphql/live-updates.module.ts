import { Module } from '@nestjs/common';
import { DATABASE_URL } from '../database/database.module';
import { GameUpdates } from './game-updates';

/** Live updates of games for the API's subscriptions (game-updates.ts): one LISTEN connection per process, whoever subscribes. */
@Module({
  providers: [{ provide: GameUpdates, inject: [DATABASE_URL], useFactory: (databaseUrl: string) => new GameUpdates(databaseUrl) }],
  exports: [GameUpdates],
})
export class LiveUpdatesModule {}
