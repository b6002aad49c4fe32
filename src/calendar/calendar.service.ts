/**
 * Each player's secret calendar address, and the calendar it serves: their
 * running move deadlines (asked of deadlines) and their vacations (asked of
 * vacations), as they stand at each request.
 */
import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../common/clock';
import type { Sql } from '../database/sql';
import { Deadlines, RunningDeadline } from '../deadlines/deadlines';
import { GameService } from '../play/game.service';
import { defaultGameName } from '../play/platform/lobby';
import { PublicNames } from '../public-names/public-names';
import { Vacations } from '../vacations/vacations';
import { CalendarAddressTokens } from './calendar-address-tokens';
import { CalendarAddresses } from './calendar-addresses';
import { calendarFeed, TurnInCalendar } from './calendar-feed';
import { CALENDAR_OPTIONS, CalendarOptions } from './calendar-options';

/** Where calendars are served (calendar.controller.ts). */
export const CALENDAR_PATH = '/calendar';

@Injectable()
export class CalendarService {
  private readonly tokens: CalendarAddressTokens;
  private readonly host: string;

  constructor(
    private readonly addresses: CalendarAddresses,
    private readonly deadlines: Deadlines,
    private readonly vacations: Vacations,
    private readonly play: GameService,
    private readonly names: PublicNames,
    private readonly clock: Clock,
    @Inject(CALENDAR_OPTIONS) private readonly options: CalendarOptions,
  ) {
    this.tokens = new CalendarAddressTokens(options.secret);
    this.host = new URL(options.publicUrl).hostname;
  }

  /** The player's calendar address (made when first asked for). */
  async urlOf(userId: string): Promise<string> {
    return this.urlFor(await this.addresses.of(userId, this.clock.now()));
  }

  /** A new calendar address for the player; the old one stops working at once. */
  async newUrlFor(userId: string): Promise<string> {
    return this.urlFor(await this.addresses.replace(userId, this.clock.now()));
  }

  /** The calendar a file name of an address serves; null when it is not a working address. */
  async feedAt(fileName: string): Promise<string | null> {
    const addressId = this.tokens.addressIdOf(fileName);
    const userId = addressId && (await this.addresses.owner(addressId));
    if (!userId) return null;
    const [running, vacations] = await Promise.all([this.deadlines.runningOf(userId), this.vacations.periodsOf([userId])]);
    const turns = await Promise.all(running.map((deadline) => this.inCalendar(deadline)));
    return calendarFeed({ host: this.host, now: this.clock.now(), turns, vacations: vacations.get(userId)! });
  }

  /** A deleted account's calendar address stops working, in the caller's transaction. */
  forgetUser(sql: Sql, userId: string): Promise<void> {
    return this.addresses.forgetUser(sql, userId);
  }

  private urlFor(addressId: string): string {
    return `${this.options.publicUrl}${CALENDAR_PATH}/${this.tokens.fileName(addressId)}`;
  }

  /** A deadline with its game's name, as the page shows it, and its page. */
  private async inCalendar(deadline: RunningDeadline): Promise<TurnInCalendar> {
    const game = await this.play.load(deadline.gameId);
    const gameTitle = game.row.name ?? defaultGameName((await this.names.of(game.row.hostId))?.displayName ?? 'Someone', game.ruleset.name);
    return { ...deadline, gameTitle, gameUrl: `${this.options.publicUrl}/games/${deadline.gameId}` };
  }
}
