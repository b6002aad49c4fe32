/**
 * Each player's time zone end to end, with EMAIL_VERIFICATION on, a real
 * SMTP server and a ManualClock: the zone a sign-up sends is the account's,
 * a login's guess fills only an account without one, a name that is no zone
 * is refused and writes nothing, and the turn mail writes the deadline in
 * each reader's own zone, with the zone said.
 */
import type { ParsedMail } from 'mailparser';
import { ManualClock } from '../src/common/clock';
import { PrismaService } from '../src/database/prisma.service';
import { errorCode, gql, gqlOk, Player, TEST_PASSWORD, startTestServer, TestServer } from './support/app';
import { playTurn, seeGame, startCountingGame } from './support/counting-api';
import { SmtpInbox } from './support/smtp-inbox';

const PUBLIC_URL = 'http://play.example';
const HOUR = 60 * 60 * 1000;

interface Account extends Player {
  email: string;
}

const REGISTER = `mutation($e: String!, $n: String!, $z: String) { register(email: $e, password: "${TEST_PASSWORD}", displayName: $n, timeZone: $z) { checkYourMail } }`;
const VERIFY = `mutation($t: String!) { verifyEmail(token: $t) { token user { id timeZone } } }`;
const LOGIN = `mutation($e: String!, $z: String) { login(email: $e, password: "${TEST_PASSWORD}", timeZone: $z) { token user { timeZone } } }`;
const UPDATE = `mutation($n: String, $z: String) { updateProfile(displayName: $n, timeZone: $z) { displayName timeZone } }`;
const ME = `{ me { displayName timeZone } }`;

function verificationToken(mail: ParsedMail): string {
  const match = new RegExp(`${PUBLIC_URL}/verify-email\\?token=([^\\s&"]+)`).exec(mail.text ?? '');
  if (!match) throw new Error(`no verification link in: ${mail.text}`);
  return decodeURIComponent(match[1]);
}

describe('time zones (end to end)', () => {
  const clock = new ManualClock(new Date('2026-03-02T12:00:00.000Z'));
  let inbox: SmtpInbox;
  let server: TestServer;
  let url: string;
  let prisma: PrismaService;
  let counter = 0;
  const address = (name: string) => `${name.toLowerCase()}-zone-${++counter}@example.org`;

  /** Signs up through the mailed link, sending `timeZone` as the page does (or none, as an older page did). */
  async function signUp(name: string, timeZone?: string): Promise<Account> {
    const email = address(name);
    await gqlOk(url, REGISTER, { e: email, n: name, z: timeZone });
    const [mail] = await inbox.waitFor(email, /Confirm your email address/);
    const { verifyEmail } = await gqlOk<{ verifyEmail: { token: string; user: { id: string } } }>(url, VERIFY, { t: verificationToken(mail) });
    return { token: verifyEmail.token, id: verifyEmail.user.id, name, email };
  }

  const zoneOf = async (player: Player) => (await gqlOk<{ me: { timeZone: string } }>(url, ME, {}, player.token)).me.timeZone;

  beforeAll(async () => {
    inbox = await SmtpInbox.start();
    const delivery = { retryDelaySeconds: 1, retryBackoff: false, pollingIntervalSeconds: 0.2 };
    server = await startTestServer({
      clock,
      emailVerification: true,
      rateLimits: false,
      mail: { transportUrl: inbox.url, from: 'games@example.org', publicUrl: PUBLIC_URL, delivery },
    });
    url = server.url;
    prisma = new PrismaService(server.db.url);
  });

  afterAll(async () => {
    await prisma.close();
    await server.close();
    await inbox.stop();
  });

  it('keeps the zone the sign-up sent; an account without one is UTC until a login guesses it, and the settings change it', async () => {
    const ann = await signUp('Ann', 'Asia/Tokyo');
    expect(await zoneOf(ann)).toBe('Asia/Tokyo');
    // A login's guess never overrides a zone the account has.
    expect((await gqlOk<{ login: { user: { timeZone: string } } }>(url, LOGIN, { e: ann.email, z: 'Europe/Paris' })).login.user.timeZone).toBe('Asia/Tokyo');

    const bob = await signUp('Bob');
    expect(await zoneOf(bob)).toBe('UTC');
    expect((await gqlOk<{ login: { user: { timeZone: string } } }>(url, LOGIN, { e: bob.email, z: 'Europe/Paris' })).login.user.timeZone).toBe('Europe/Paris');
    await gqlOk(url, LOGIN, { e: bob.email, z: 'America/Chicago' });
    expect(await zoneOf(bob)).toBe('Europe/Paris');

    // Spelled as the platform spells it; the name stays as it was.
    const changed = await gqlOk<{ updateProfile: unknown }>(url, UPDATE, { z: 'america/new_york' }, bob.token);
    expect(changed.updateProfile).toEqual({ displayName: 'Bob', timeZone: 'America/New_York' });
    expect(await gqlOk(url, ME, {}, bob.token)).toEqual({ me: { displayName: 'Bob', timeZone: 'America/New_York' } });
  });

  it("leaves out a browser's guess that is no time zone, never refusing a sign-up or a login for it", async () => {
    const cy = await signUp('Cy', 'Mars/Olympus_Mons');
    expect(await zoneOf(cy)).toBe('UTC');
    expect((await gqlOk<{ login: { user: { timeZone: string } } }>(url, LOGIN, { e: cy.email, z: '+09:00' })).login.user.timeZone).toBe('UTC');
    // Still no zone of its own: the next good guess fills it.
    expect((await gqlOk<{ login: { user: { timeZone: string } } }>(url, LOGIN, { e: cy.email, z: 'Asia/Tokyo' })).login.user.timeZone).toBe('Asia/Tokyo');
  });

  it('refuses a zone the player chooses in the settings that is no time zone, and writes nothing', async () => {
    const dee = await signUp('Dee');
    const refused = await gql(url, UPDATE, { n: 'Deirdre', z: 'Europe/Atlantis' }, dee.token);
    expect(errorCode(refused)).toBe('BAD_USER_INPUT');
    expect(refused.errors![0].message).toBe('"Europe/Atlantis" is not a time zone. Choose one such as Europe/Paris or America/New_York.');
    expect(errorCode(await gql(url, UPDATE, { z: '+09:00' }, dee.token))).toBe('BAD_USER_INPUT');
    expect(await gqlOk(url, ME, {}, dee.token)).toEqual({ me: { displayName: 'Dee', timeZone: 'UTC' } });
  });

  it("writes the deadline in each player's turn mail in their own zone, saying which", async () => {
    const ann = await signUp('Ann', 'America/New_York');
    const bob = await signUp('Bob', 'Asia/Tokyo');
    const players = [ann, bob];
    const gameId = await startCountingGame(url, players, { moveDeadline: { hoursPerMove: 72 } });
    const first = players[(await seeGame(url, gameId)).activeSeats[0]];
    const second = first === ann ? bob : ann;
    // Started at 12:00 UTC on Monday 2 March: due 72 hours later.
    const due = { [ann.email]: 'Thu 5 Mar 2026, 07:00 EST (New York time)', [bob.email]: 'Thu 5 Mar 2026, 21:00 GMT+9 (Tokyo time)' };
    const [firstMail] = await inbox.waitFor(first.email, /^Your turn/, { containing: gameId });
    expect(firstMail.text).toContain(`Please move by ${due[first.email]}.`);

    // Twelve hours on, the first player moves: the second's deadline is at midnight UTC, Thursday evening in New York, Friday morning in Tokyo.
    clock.advance(12 * HOUR);
    await playTurn(url, gameId, players);
    const later = { [ann.email]: 'Thu 5 Mar 2026, 19:00 EST (New York time)', [bob.email]: 'Fri 6 Mar 2026, 09:00 GMT+9 (Tokyo time)' };
    const [secondMail] = await inbox.waitFor(second.email, /^Your turn/, { containing: gameId });
    expect(secondMail.text).toContain(`Please move by ${later[second.email]}.`);
    expect(secondMail.text).toContain(`See what happened since the game began, move by move, then play yours: ${PUBLIC_URL}/games/${gameId}?since=me`);

    await playTurn(url, gameId, players);
    const [, backToFirst] = await inbox.waitFor(first.email, /^Your turn/, { containing: gameId, count: 2 });
    expect(backToFirst.text).toContain(`Please move by ${later[first.email]}.`);
    expect(backToFirst.text).toContain(`See what happened since your last move, move by move, then play yours: ${PUBLIC_URL}/games/${gameId}?since=me`);
  });
});
