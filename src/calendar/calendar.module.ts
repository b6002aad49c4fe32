import { Module } from '@nestjs/common';
import { DeadlinesModule } from '../deadlines/deadlines.module';
import { PlayModule } from '../play/play.module';
import { PublicNamesModule } from '../public-names/public-names.module';
import { VacationsModule } from '../vacations/vacations.module';
import { CalendarAddresses } from './calendar-addresses';
import { CalendarController } from './calendar.controller';
import { CalendarResolver } from './calendar.resolver';
import { CalendarService } from './calendar.service';

/** Each player's calendar of move deadlines at a secret address (CALENDAR_OPTIONS, a setting, gives the site's address and the key), and its part of the API. */
@Module({
  imports: [DeadlinesModule, VacationsModule, PlayModule, PublicNamesModule],
  providers: [CalendarAddresses, CalendarService, CalendarResolver],
  controllers: [CalendarController],
  exports: [CalendarService],
})
export class CalendarModule {}
