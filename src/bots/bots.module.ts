import { Module } from '@nestjs/common';
import { PlayModule } from '../play/play.module';
import { BotTurnQueue, BotTurns } from './bot-turns';

/** Seats played by the server: bots' moves queued with the appends that call for them, and made by themselves (BOTS_OPTIONS). */
@Module({
  imports: [PlayModule],
  providers: [BotTurnQueue, BotTurns],
  exports: [BotTurns],
})
export class BotsModule {}
