/**
 * Serves each player's calendar at its secret address, without logging in
 * (calendar apps cannot): the address is the key. One that is not, or no
 * longer, a player's answers 404 with nothing else, the same either way.
 */
import { Controller, Get, Param, Res } from '@nestjs/common';
import { CALENDAR_PATH, CalendarService } from './calendar.service';

/** What is done to the HTTP response here (Express's own types are not installed). */
interface CalendarResponse {
  status(code: number): unknown;
  setHeader(name: string, value: string): unknown;
}

@Controller(CALENDAR_PATH)
export class CalendarController {
  constructor(private readonly calendar: CalendarService) {}

  @Get(':fileName')
  async feed(@Param('fileName') fileName: string, @Res({ passthrough: true }) response: CalendarResponse): Promise<string> {
    // Nobody but the player's calendar app keeps a copy: not shared caches, not the browser's disk.
    response.setHeader('cache-control', 'private, no-store');
    response.setHeader('x-robots-tag', 'noindex');
    const feed = await this.calendar.feedAt(fileName);
    if (feed === null) {
      response.status(404);
      return '';
    }
    response.setHeader('content-type', 'text/calendar; charset=utf-8');
    return feed;
  }
}
