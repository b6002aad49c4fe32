/**
 * A player's calendar as iCalendar text (RFC 5545): an event at each running
 * deadline of theirs, with an alarm at its reminder time, and their
 * vacations as busy time. Made anew at each request, so a calendar app's
 * next poll sees the turns as they stand.
 *
 * A deadline is an event of no length at the deadline, not one from the
 * turn's start: calendar apps show an event's start time, so this one reads
 * "15:00 Your turn in ...", the moment that matters, and a turn of days
 * would otherwise be a bar across every day of it, with the deadline at its
 * far end. It is free time (TRANSP:TRANSPARENT): a deadline does not make
 * the player busy. Its UID names the game, the seat and when the turn began,
 * which an extension keeps: a calendar app moves the event rather than
 * adding another.
 */
import ical, { ICalAlarmType, ICalCalendarMethod, ICalEventBusyStatus, ICalEventTransparency } from 'ical-generator';
import type { PlannedVacation } from '../vacations/vacations';

/** What a calendar app is asked to wait between polls (REFRESH-INTERVAL): deadlines are hours or days away. */
const POLL_INTERVAL_SECONDS = 30 * 60;

export const CALENDAR_NAME = 'Your move deadlines';

/** A running deadline of the player, with the game's name and page. */
export interface TurnInCalendar {
  gameId: string;
  seat: number;
  gameTitle: string;
  gameUrl: string;
  turnStartedAt: Date;
  dueAt: Date;
  remindAt: Date | null;
}

export interface CalendarContent {
  /** The site's host name: UIDs end with it, as RFC 5545 suggests. */
  host: string;
  now: Date;
  turns: TurnInCalendar[];
  vacations: PlannedVacation[];
}

export function calendarFeed({ host, now, turns, vacations }: CalendarContent): string {
  const calendar = ical({
    name: CALENDAR_NAME,
    prodId: { company: host, product: 'Play by Web' },
    method: ICalCalendarMethod.PUBLISH,
    ttl: POLL_INTERVAL_SECONDS,
  });
  for (const turn of turns) {
    const summary = `Your turn in ${turn.gameTitle}`;
    calendar.createEvent({
      id: `turn-${turn.gameId}-${turn.seat}-${turn.turnStartedAt.getTime()}@${host}`,
      stamp: now,
      start: turn.dueAt,
      end: turn.dueAt,
      summary,
      description: `It is your turn in ${turn.gameTitle}, and your move is due at this time.\n${turn.gameUrl}`,
      url: turn.gameUrl,
      transparency: ICalEventTransparency.TRANSPARENT,
      alarms: turn.remindAt ? [{ type: ICalAlarmType.display, trigger: (turn.dueAt.getTime() - turn.remindAt.getTime()) / 1000, description: summary }] : [],
    });
  }
  for (const vacation of vacations) {
    calendar.createEvent({
      id: `vacation-${vacation.id}@${host}`,
      stamp: now,
      start: vacation.startsAt,
      end: vacation.endsAt,
      summary: 'Vacation from your games',
      description: 'Your move deadlines pause, and your mail is held and sent as one digest.',
      transparency: ICalEventTransparency.OPAQUE,
      busystatus: ICalEventBusyStatus.OOF,
    });
  }
  return calendar.toString();
}
