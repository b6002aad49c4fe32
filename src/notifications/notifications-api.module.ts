import { Module } from '@nestjs/common';
import { VacationsModule } from '../vacations/vacations.module';
import { NotificationsModule } from './notifications.module';
import { NotificationsResolver } from './notifications.resolver';
import { UnsubscribeController } from './unsubscribe.controller';

/** Notifications' part of the API: the caller's settings and vacations, and the unsubscribe link of every mail. */
@Module({
  imports: [NotificationsModule, VacationsModule],
  providers: [NotificationsResolver],
  controllers: [UnsubscribeController],
})
export class NotificationsApiModule {}
