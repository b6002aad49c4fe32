import { DynamicModule, Module } from '@nestjs/common';
import { Deadlines, DEADLINES_OPTIONS, DeadlinesOptions } from './deadlines';
import { TurnDeadlineProjection } from './turn-deadline-projection';

/** Move deadlines, reminders, expiry and vacations (mail goes through the global NotificationsModule). */
@Module({})
export class DeadlinesModule {
  static forRoot(options: DeadlinesOptions): DynamicModule {
    return {
      module: DeadlinesModule,
      global: true,
      providers: [{ provide: DEADLINES_OPTIONS, useValue: options }, TurnDeadlineProjection, Deadlines],
      exports: [Deadlines],
    };
  }
}
