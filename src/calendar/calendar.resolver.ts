/** The calendar's part of the API: the player's secret calendar address, and a new one in its place. */
import { Context, Mutation, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { RequestContext, requireUser } from '../graphql/context';
import { MeModel } from '../graphql/models';
import { CalendarService } from './calendar.service';

@Resolver(() => MeModel)
export class CalendarResolver {
  constructor(private readonly calendar: CalendarService) {}

  @ResolveField(() => String, {
    description:
      'The secret address of your calendar of move deadlines (iCalendar) for a calendar app to subscribe to: anyone who has it can read it. `resetCalendarUrl` replaces it.',
  })
  calendarUrl(@Parent() me: { id: string }): Promise<string> {
    return this.calendar.urlOf(me.id);
  }

  @Mutation(() => String, { description: 'Makes a new calendar address and answers it; the old one stops working at once.' })
  resetCalendarUrl(@Context() context: RequestContext): Promise<string> {
    return this.calendar.newUrlFor(requireUser(context));
  }
}
