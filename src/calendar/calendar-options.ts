/** How calendars are addressed: the site's address and the key they are signed with (CALENDAR_OPTIONS, a setting). */
export interface CalendarOptions {
  /** The site's address (PUBLIC_URL), which calendar addresses and game links start with. */
  publicUrl: string;
  /** The server's secret, which calendar addresses are signed with. */
  secret: string;
}
export const CALENDAR_OPTIONS = Symbol('CALENDAR_OPTIONS');
