import { Module } from '@nestjs/common';
import { NotificationsModule } from '../notifications/notifications.module';
import { VacationsModule } from '../vacations/vacations.module';
import { Deadlines } from './deadlines';
import { DeadlinesResolver } from './deadlines.resolver';
import { TurnDeadlineProjection } from './turn-deadline-projection';
import { SeatBanks } from './seat-banks';
import { PlayModule } from '../play/play.module';

/** Move deadlines, reminders and expiry (DEADLINES_OPTIONS, a setting, says how often they are swept), and their part of the API. */
@Module({
  imports: [PlayModule, NotificationsModule, VacationsModule],
  providers: [SeatBanks, TurnDeadlineProjection, Deadlines, DeadlinesResolver],
  exports: [Deadlines],
})
export class DeadlinesModule {}
