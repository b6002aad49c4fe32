/**
 * The calendar of deadlines end to end: each player's secret address serves
 * their running move deadlines and vacations as iCalendar, read here with a
 * real parser (ical.js), with time driven by a ManualClock.
 */
import ICAL from 'ical.js';
import { ManualClock } from '../src/common/clock';
import { Deadlines } from '../src/deadlines/deadlines';
import { errorCode, gql, gqlOk, Member, registerMember, startTestServer, TEST_PASSWORD, TestServer } from './support/app';
import { playTurn } from './support/counting-api';
import { startGameFields } from './support/games';

const HOUR = 60 * 60 * 1000;
const PUBLIC_URL = 'https://play.example';

interface CalendarEvent {
  uid: string;
  summary: string;
  description: string;
  url: string | null;
  start: number;
  end: number;
  /** Free (TRANSPARENT) or busy (OPAQUE) time. */
  transparency: string;
  /** When each alarm goes off. */
  alarms: number[];
}

/** A feed's events as a calendar app reads them. */
function eventsOf(text: string): CalendarEvent[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    const start = event.startDate.toJSDate().getTime();
    return {
      uid: event.uid,
      summary: event.summary,
      description: event.description,
      url: component.getFirstPropertyValue('url') as string | null,
      start,
      end: event.endDate.toJSDate().getTime(),
      transparency: component.getFirstPropertyValue('transp') as string,
      alarms: component.getAllSubcomponents('valarm').map((alarm) => start + (alarm.getFirstPropertyValue('trigger') as ICAL.Duration).toSeconds() * 1000),
    };
  });
}

type StartedGame = { id: string; activeSeats: number[] };

describe('the calendar of deadlines (end to end)', () => {
  const clock = new ManualClock(new Date('2026-03-02T12:00:00.000Z'));
  let server: TestServer;
  let url: string;
  let origin: string;

  beforeAll(async () => {
    // Mail is queued, not sent: only its public address matters here, which calendar addresses start with.
    server = await startTestServer({ clock, mail: { from: 'games@example.org', publicUrl: PUBLIC_URL } });
    url = server.url;
    origin = url.replace(/\/graphql$/, '');
  });

  afterAll(async () => {
    await server.close();
  });

  const calendarUrl = async (player: Member) => (await gqlOk<{ me: { calendarUrl: string } }>(url, '{ me { calendarUrl } }', {}, player.token)).me.calendarUrl;

  /** Asks this server for a calendar address (its public address is another host's). */
  function open(address: string): Promise<Response> {
    expect(address.startsWith(`${PUBLIC_URL}/calendar/`)).toBe(true);
    return fetch(`${origin}${new URL(address).pathname}`);
  }

  async function feedOf(player: Member): Promise<{ text: string; events: CalendarEvent[] }> {
    const response = await open(await calendarUrl(player));
    expect(response.status).toBe(200);
    const text = await response.text();
    return { text, events: eventsOf(text) };
  }

  const gameEvents = async (player: Member, gameId: string) => (await feedOf(player)).events.filter((event) => event.url === `${PUBLIC_URL}/games/${gameId}`);

  async function startGame(players: Member[], input: Record<string, unknown>): Promise<StartedGame & { toAct: Member; other: Member }> {
    const game = await startGameFields<StartedGame>(url, players, { ruleset: 'counting', options: { target: 50 }, ...input }, 'id activeSeats');
    return { ...game, toAct: players[game.activeSeats[0]], other: players[1 - game.activeSeats[0]] };
  }

  it('serves an event at each running deadline of the player, with an alarm at the reminder time and the game’s page', async () => {
    const [ann, bob] = await Promise.all([registerMember(url, 'Ann'), registerMember(url, 'Bob')]);
    const start = clock.now().getTime();
    const reminded = await startGame([ann, bob], { name: 'Sunday league', moveDeadline: { hoursPerMove: 72, reminderHoursBefore: 24 } });
    const unreminded = await startGame([ann, bob], { moveDeadline: { hoursPerMove: 48, reminderHoursBefore: 0 } });
    const untimed = await startGame([ann, bob], {});

    const response = await open(await calendarUrl(reminded.toAct));
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const text = await response.text();
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    const [event] = eventsOf(text).filter((e) => e.url === `${PUBLIC_URL}/games/${reminded.id}`);
    expect(event).toEqual({
      uid: expect.stringMatching(new RegExp(`^turn-${reminded.id}-${reminded.activeSeats[0]}-\\d+@play\\.example$`)),
      summary: 'Your turn in Sunday league',
      description: `It is your turn in Sunday league, and your move is due at this time.\n${PUBLIC_URL}/games/${reminded.id}`,
      url: `${PUBLIC_URL}/games/${reminded.id}`,
      // An event at the deadline, which does not make the player busy.
      start: start + 72 * HOUR,
      end: start + 72 * HOUR,
      transparency: 'TRANSPARENT',
      alarms: [start + 48 * HOUR],
    });
    // A game without a reminder has its event and no alarm; a game without deadlines has none.
    expect(await gameEvents(unreminded.toAct, unreminded.id)).toEqual([
      expect.objectContaining({ summary: "Your turn in Ann's Counting (test game) game", start: start + 48 * HOUR, alarms: [] }),
    ]);
    expect(await gameEvents(untimed.toAct, untimed.id)).toEqual([]);
    // Only the player to act has the deadline, and the calendar names no player's address.
    expect(await gameEvents(reminded.other, reminded.id)).toEqual([]);
    for (const player of [ann, bob]) {
      const feed = (await feedOf(player)).text;
      expect(feed).not.toContain(ann.email);
      expect(feed).not.toContain(bob.email);
    }
  });

  it('moves the deadline to the next player when the turn moves, and keeps the turn’s event through an extension', async () => {
    const [ann, bob] = await Promise.all([registerMember(url, 'Ann'), registerMember(url, 'Bob')]);
    const game = await startGame([ann, bob], { moveDeadline: { hoursPerMove: 24, reminderHoursBefore: 6, onExpiry: 'EXTEND' } });
    const [before] = await gameEvents(game.toAct, game.id);

    // Time runs out, and the game's settings give more time: the same turn, its event moved.
    clock.advance(25 * HOUR);
    await server.app.get(Deadlines).runDue();
    const [extended] = await gameEvents(game.toAct, game.id);
    expect(extended.uid).toBe(before.uid);
    expect(extended.start).toBe(clock.now().getTime() + 24 * HOUR);
    expect(extended.alarms).toEqual([clock.now().getTime() + 18 * HOUR]);

    clock.advance(HOUR);
    await playTurn(url, game.id, [ann, bob]);
    expect(await gameEvents(game.toAct, game.id)).toEqual([]);
    const [next] = await gameEvents(game.other, game.id);
    expect(next.start).toBe(clock.now().getTime() + 24 * HOUR);
    expect(next.uid).not.toBe(before.uid);
    expect(next.uid).toMatch(new RegExp(`^turn-${game.id}-${1 - game.activeSeats[0]}-`));
  });

  it('shows vacations as busy time, with the deadlines they pause moved', async () => {
    const [ann, bob] = await Promise.all([registerMember(url, 'Ann'), registerMember(url, 'Bob')]);
    const game = await startGame([ann, bob], { moveDeadline: { hoursPerMove: 72, reminderHoursBefore: 24 } });
    const start = clock.now().getTime();
    const iso = (hours: number) => new Date(start + hours * HOUR).toISOString();
    await gqlOk(
      url,
      `mutation($from: DateTime!, $to: DateTime!) { setVacation(startsAt: $from, endsAt: $to) { vacationDaysLeftThisYear } }`,
      {
        from: iso(1),
        to: iso(25),
      },
      game.toAct.token,
    );

    const { events } = await feedOf(game.toAct);
    expect(events.find((event) => event.summary === 'Vacation from your games')).toMatchObject({
      uid: expect.stringMatching(/^vacation-.+@play\.example$/),
      start: start + HOUR,
      end: start + 25 * HOUR,
      transparency: 'OPAQUE',
      alarms: [],
    });
    expect(events.find((event) => event.url === `${PUBLIC_URL}/games/${game.id}`)).toMatchObject({ start: start + 96 * HOUR, alarms: [start + 72 * HOUR] });
    expect((await feedOf(game.other)).events.filter((event) => event.summary === 'Vacation from your games')).toEqual([]);
  });

  it('keeps the address until the player asks for a new one, which stops the old one at once', async () => {
    const ann = await registerMember(url, 'Ann');
    const first = await calendarUrl(ann);
    expect(await calendarUrl(ann)).toBe(first);

    const { resetCalendarUrl: second } = await gqlOk<{ resetCalendarUrl: string }>(url, 'mutation { resetCalendarUrl }', {}, ann.token);
    expect(second).not.toBe(first);
    expect(await calendarUrl(ann)).toBe(second);
    const revoked = await open(first);
    expect([revoked.status, await revoked.text()]).toEqual([404, '']);
    expect((await open(second)).status).toBe(200);
  });

  it('refuses visitors the address and a new one, and answers 404 alike to any address that is not a player’s', async () => {
    const ann = await registerMember(url, 'Ann');
    const address = await calendarUrl(ann);
    expect(errorCode(await gql(url, '{ me { calendarUrl } }'))).toBe('UNAUTHENTICATED');
    expect(errorCode(await gql(url, 'mutation { resetCalendarUrl }'))).toBe('UNAUTHENTICATED');
    expect(await calendarUrl(ann)).toBe(address);

    const fileName = address.slice(address.lastIndexOf('/') + 1);
    const [addressId, signature] = fileName.replace(/\.ics$/, '').split('.');
    const otherId = addressId.replace(/^./, (c) => (c === '0' ? '1' : '0'));
    const notAddresses = [
      `${addressId}.${signature.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}.ics`, // a wrong signature
      `${otherId}.${signature}.ics`, // another id with this one's signature
      `${addressId}.${signature}`, // without its ending
      `${addressId}.ics`,
      'not-an-address.ics',
      `${addressId}.${signature}.extra.ics`,
    ];
    for (const name of notAddresses) {
      const response = await fetch(`${origin}/calendar/${name}`);
      expect([name, response.status, await response.text()]).toEqual([name, 404, '']);
    }
    expect((await open(address)).status).toBe(200);

    // A deleted account's address stops working.
    await gqlOk(url, `mutation { deleteAccount(password: "${TEST_PASSWORD}") }`, {}, ann.token);
    expect((await open(address)).status).toBe(404);
  });
});
