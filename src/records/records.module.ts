import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { RateLimitsModule } from '../rate-limits/rate-limits.module';
import { RecordsController } from './records.controller';
import { RecordsResolver } from './records.resolver';
import { RecordsService } from './records.service';
import { Revalidation } from './revalidation';
import { RulesChecksRepository } from './rules-checks.repository';
import { PlayModule } from '../play/play.module';

/**
 * Game records and their verification (README: "Game records and the
 * verifier"), for the server and its command-line tools alike, and their
 * part of the API: `Game.record`, `recordCheck`, `rulesCheck`, and
 * `GET /games/<id>/record.json`.
 */
@Module({
  imports: [PlayModule, NotificationsModule, AuthModule, RateLimitsModule],
  providers: [RecordsService, RulesChecksRepository, Revalidation, RecordsResolver],
  controllers: [RecordsController],
  exports: [RecordsService, Revalidation],
})
export class RecordsModule {}
