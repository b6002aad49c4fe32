/**
 * Accounts end to end, with EMAIL_VERIFICATION on, against the running
 * server, real PostgreSQL and a real SMTP server: verified sign-up, answers
 * that tell nobody who has an account, resets, changes, sessions that end
 * (and close their WebSockets), deletion that keeps games playable, and
 * login limits shared by two server processes.
 */
import type { ParsedMail } from 'mailparser';
import { Client as PgClient } from 'pg';
import type { MailOptions } from '../src/notifications/notification-options';
import { createTestDatabase, TestDatabase } from './support/database';
import { startServerProcess, ServerProcess } from './support/server-process';
import { errorCode, gql, gqlOk, GraphQLResponse, Player, registerPlayer, startTestServer, TEST_PASSWORD, TestServer, wsClient } from './support/app';
import { SmtpInbox } from './support/smtp-inbox';
import { createGame, startGame } from './support/games';
import { Passwords, PASSWORD_HASH_COST } from '../src/auth/passwords';

const PUBLIC_URL = 'http://play.example';
const FAST_DELIVERY = { retryDelaySeconds: 1, retryBackoff: false, pollingIntervalSeconds: 0.2, retryLimit: 5 };
const NEW_PASSWORD = 'lanterns over the harbour';

interface Account extends Player {
  email: string;
}

/** What a stored hash's cost is made of: its scheme, N, r and p, without its salt and key. */
function scryptParameters(stored: string): string {
  return stored.split('$').slice(0, 4).join('$');
}

/** The token of the first link to `path` in a mail. */
function linkToken(mail: ParsedMail, path: string): string {
  const match = new RegExp(`${PUBLIC_URL}${path}\\?token=([^\\s&"]+)`).exec(mail.text ?? '');
  if (!match) throw new Error(`no ${path} link in: ${mail.text}`);
  return decodeURIComponent(match[1]);
}

describe('Accounts (email verification on)', () => {
  let inbox: SmtpInbox;
  let server: TestServer;
  let url: string;
  let sql: PgClient;
  let counter = 0;

  const address = (name: string) => `${name.toLowerCase()}-${++counter}-${Date.now()}@example.org`;
  const REGISTER = `mutation($e: String!, $p: String!, $n: String!) { register(email: $e, password: $p, displayName: $n) { checkYourMail token user { id } } }`;
  const VERIFY = `mutation($t: String!) { verifyEmail(token: $t) { token user { id email displayName } } }`;
  const LOGIN = `mutation($e: String!, $p: String!) { login(email: $e, password: $p) { token user { id } } }`;
  const RESET_REQUEST = `mutation($e: String!) { requestPasswordReset(email: $e) }`;
  const RESET = `mutation($t: String!, $p: String!) { resetPassword(token: $t, newPassword: $p) { token } }`;

  async function signUp(name: string, email = address(name)): Promise<Account> {
    const earlier = inbox.to(email).filter((mail) => /Confirm your email address/.test(mail.subject ?? '')).length;
    await gqlOk(url, REGISTER, { e: email, p: TEST_PASSWORD, n: name });
    const mail = (await inbox.waitFor(email, /Confirm your email address/, { count: earlier + 1 })).at(-1)!;
    const { verifyEmail } = await gqlOk<{ verifyEmail: { token: string; user: { id: string } } }>(url, VERIFY, { t: linkToken(mail, '/verify-email') });
    return { token: verifyEmail.token, id: verifyEmail.user.id, name, email };
  }

  beforeAll(async () => {
    inbox = await SmtpInbox.start();
    const mail: MailOptions = { transportUrl: inbox.url, from: 'Play by Web <games@example.org>', publicUrl: PUBLIC_URL, delivery: FAST_DELIVERY };
    // This file signs up dozens of accounts from one address within seconds, as only a script would:
    // the limits on that are tested in security.e2e-spec.ts and below, across two processes.
    server = await startTestServer({ emailVerification: true, mail, rateLimits: false });
    url = server.url;
    sql = new PgClient({ connectionString: server.db.url });
    await sql.connect();
  });

  afterAll(async () => {
    await sql.end();
    await server.close();
    await inbox.stop();
  });

  it('creates an account only once its address is verified, through a link that works once', async () => {
    const email = address('Ann');
    const registered = await gqlOk(url, REGISTER, { e: email, p: TEST_PASSWORD, n: 'Ann' });
    expect(registered.register).toEqual({ checkYourMail: true, token: null, user: null });
    expect(errorCode(await gql(url, LOGIN, { e: email, p: TEST_PASSWORD }))).toBe('UNAUTHENTICATED');
    await gqlOk(url, `mutation($e: String!) { resendVerification(email: $e) }`, { e: email });
    const mails = await inbox.waitFor(email, /Confirm your email address/, { count: 2 });
    expect(linkToken(mails[0], '/verify-email')).toBe(linkToken(mails[1], '/verify-email'));
    // The sign-up's name is not shown to an address not yet known to be theirs (or anyone could write anything to anyone).
    expect(mails[0].text).toMatch(/^Hello,$/m);
    expect(mails[0].text).not.toContain('Ann');
    expect(mails[0].to).toMatchObject({ value: [{ address: email, name: '' }] });
    expect(mails[0].text!.replace(/https?:\/\/\S+/g, '')).not.toMatch(/verifyEmail|mutation|token/);
    const verified = await gqlOk(url, VERIFY, { t: linkToken(mails[0], '/verify-email') });
    expect(verified.verifyEmail.user).toMatchObject({ email, displayName: 'Ann' });
    expect((await gqlOk(url, `{ me { email } }`, {}, verified.verifyEmail.token)).me.email).toBe(email);
    const again = await gql(url, VERIFY, { t: linkToken(mails[0], '/verify-email') });
    expect(again.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'USED_LINK' });
    const forged = await gql(url, VERIFY, { t: `${linkToken(mails[0], '/verify-email').split('.')[0]}.forged` });
    expect(forged.errors![0].extensions).toMatchObject({ reason: 'INVALID_LINK' });
  });

  it('refuses a verification link after 24 hours', async () => {
    const email = address('Late');
    await gqlOk(url, REGISTER, { e: email, p: TEST_PASSWORD, n: 'Late' });
    const [mail] = await inbox.waitFor(email, /Confirm your email address/);
    await sql.query(`UPDATE account_tokens SET expires_at = now() - interval '1 second' WHERE email = $1`, [email]);
    expect((await gql(url, VERIFY, { t: linkToken(mail, '/verify-email') })).errors![0].extensions).toMatchObject({ reason: 'EXPIRED_LINK' });
  });

  it('answers register alike for a taken and a free address, and tells the owner of a taken one', async () => {
    const ann = await signUp('Ann');
    const taken = await gql(url, REGISTER, { e: ann.email, p: 'another fine passphrase', n: 'Mallory' });
    const free = await gql(url, REGISTER, { e: address('Free'), p: 'another fine passphrase', n: 'Mallory' });
    expect(taken).toEqual(free);
    const [warning] = await inbox.waitFor(ann.email, /Someone tried to sign up with your address/);
    expect(warning.text).toContain(`${PUBLIC_URL}/forgot-password`);
    expect(inbox.to(ann.email).filter((mail) => /Confirm your email/.test(mail.subject ?? ''))).toHaveLength(1);
  });

  it('refuses guessable passwords and display names with line breaks, saying why', async () => {
    const weak = await gql(url, REGISTER, { e: address('Weak'), p: 'password123', n: 'Weak' });
    expect(weak.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'WEAK_PASSWORD' });
    expect(weak.errors![0].message).toMatch(/common/i);
    for (const name of ['Ann\nAdmin', 'Ann\u202e', 'A\u200bnn', '']) {
      expect(errorCode(await gql(url, REGISTER, { e: address('Odd'), p: TEST_PASSWORD, n: name }))).toBe('BAD_USER_INPUT');
    }
    const ann = await signUp('Ann');
    const renamed = await gql(url, `mutation { updateProfile(displayName: "Ann\\r\\nthe host") { displayName } }`, {}, ann.token);
    expect(renamed.errors![0].message).toMatch(/line breaks/);
    expect((await gqlOk(url, `mutation { updateProfile(displayName: "  Annie ") { displayName } }`, {}, ann.token)).updateProfile.displayName).toBe('Annie');
  });

  it('does as much work for a login with an unknown address as with a known one', async () => {
    const ann = await signUp('Ann');
    // scrypt's time is set by its parameters alone, so the same parameters are the same work.
    // Watched rather than timed: a timing would measure the machine's load as much as the hash.
    const verified = jest.spyOn(server.app.get(Passwords), 'verify');
    try {
      const parametersChecked = async (email: string) => {
        verified.mockClear();
        expect(errorCode(await gql(url, LOGIN, { e: email, p: 'not the password at all' }))).toBe('UNAUTHENTICATED');
        expect(verified).toHaveBeenCalledTimes(1);
        return scryptParameters(verified.mock.calls[0][1]);
      };
      const known = await parametersChecked(ann.email);
      expect(known).toEqual(`scrypt$${2 ** server.app.get<number>(PASSWORD_HASH_COST)}$8$1`);
      expect(await parametersChecked(address('Nobody'))).toEqual(known);
    } finally {
      verified.mockRestore();
    }
  });

  it('resets a forgotten password with a link that works once, within the hour, and ends every session', async () => {
    const ann = await signUp('Ann');
    expect(await gql(url, RESET_REQUEST, { e: ann.email })).toEqual(await gql(url, RESET_REQUEST, { e: address('Nobody') }));
    const [mail] = await inbox.waitFor(ann.email, /Set a new password/);
    const token = linkToken(mail, '/reset-password');
    const weak = await gql(url, RESET, { t: token, p: 'qwertyuiop' });
    expect(errorCode(weak)).toBe('BAD_USER_INPUT');
    const reset = await gqlOk(url, RESET, { t: token, p: NEW_PASSWORD });
    expect(errorCode(await gql(url, `{ me { id } }`, {}, ann.token))).toBe('UNAUTHENTICATED');
    expect((await gqlOk(url, `{ me { id } }`, {}, reset.resetPassword.token)).me.id).toBe(ann.id);
    expect((await gql(url, RESET, { t: token, p: 'yet another passphrase' })).errors![0].extensions).toMatchObject({ reason: 'USED_LINK' });
    await gqlOk(url, LOGIN, { e: ann.email, p: NEW_PASSWORD });

    await gqlOk(url, RESET_REQUEST, { e: ann.email });
    const [later] = await inbox.waitFor(ann.email, /Set a new password/, { count: 2 }).then((mails) => mails.slice(1));
    await sql.query(`UPDATE account_tokens SET expires_at = now() - interval '1 second' WHERE purpose = 'PASSWORD_RESET' AND used_at IS NULL`);
    expect((await gql(url, RESET, { t: linkToken(later, '/reset-password'), p: 'yet another passphrase' })).errors![0].extensions).toMatchObject({
      reason: 'EXPIRED_LINK',
    });
  });

  it('answers a reset for an address without an account with a mail saying so, written as a link is, and refuses what is no address', async () => {
    const nobody = address('Nobody');
    expect(await gqlOk(url, RESET_REQUEST, { e: ` ${nobody.toUpperCase()} ` })).toEqual({ requestPasswordReset: true });
    const [mail] = await inbox.waitFor(nobody, /No Play by Web account uses this address/);
    expect(mail.text).toContain(`${PUBLIC_URL}/sign-up?email=${encodeURIComponent(nobody)}`);
    expect(mail.text).toContain(`${PUBLIC_URL}/forgot-password`);
    expect(mail.text).not.toMatch(/token=/);
    // No link, and nothing an account could be opened with.
    expect((await sql.query(`SELECT count(*)::int AS n FROM account_tokens WHERE email = $1`, [nobody])).rows[0].n).toBe(0);
    // An account deleted since has no address any more: the same mail.
    const gone = await signUp('Gone');
    await gqlOk(url, `mutation($p: String!) { deleteAccount(password: $p) }`, { p: TEST_PASSWORD }, gone.token);
    await gqlOk(url, RESET_REQUEST, { e: gone.email });
    await inbox.waitFor(gone.email, /No Play by Web account uses this address/);
    const notAnAddress = await gql(url, RESET_REQUEST, { e: 'not an address' });
    expect(notAnAddress.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect(notAnAddress.data).toBeNull();
  });

  it('changes the password, ending every other session but this one, and the reset links mailed before', async () => {
    const ann = await signUp('Ann');
    const other = (await gqlOk(url, LOGIN, { e: ann.email, p: TEST_PASSWORD })).login.token;
    await gqlOk(url, RESET_REQUEST, { e: ann.email });
    const [resetMail] = await inbox.waitFor(ann.email, /Set a new password/);
    const CHANGE = `mutation($c: String!, $n: String!) { changePassword(currentPassword: $c, newPassword: $n) }`;
    expect((await gql(url, CHANGE, { c: 'wrong password here', n: NEW_PASSWORD }, ann.token)).errors![0].extensions).toMatchObject({
      reason: 'WRONG_PASSWORD',
    });
    await gqlOk(url, CHANGE, { c: TEST_PASSWORD, n: NEW_PASSWORD }, ann.token);
    expect(errorCode(await gql(url, `{ me { id } }`, {}, other))).toBe('UNAUTHENTICATED');
    expect((await gqlOk(url, `{ me { id } }`, {}, ann.token)).me.id).toBe(ann.id);
    expect(errorCode(await gql(url, LOGIN, { e: ann.email, p: TEST_PASSWORD }))).toBe('UNAUTHENTICATED');
    // Whoever could read that mail cannot set a password of their own with it.
    const stale = await gql(url, RESET, { t: linkToken(resetMail, '/reset-password'), p: 'a password of my own' });
    expect(stale.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'INVALID_LINK' });
    await gqlOk(url, LOGIN, { e: ann.email, p: NEW_PASSWORD });
  });

  it('moves an account to a new address once the link mailed there is opened, telling the old one', async () => {
    const ann = await signUp('Ann');
    const newEmail = address('Annie');
    const CHANGE = `mutation($p: String!, $e: String!) { changeEmail(password: $p, newEmail: $e) { email pendingEmail } }`;
    expect((await gqlOk(url, CHANGE, { p: TEST_PASSWORD, e: newEmail }, ann.token)).changeEmail).toEqual({ email: ann.email, pendingEmail: newEmail });
    const [notice] = await inbox.waitFor(ann.email, /about to change/);
    expect(notice.text).toContain(newEmail);
    const [link] = await inbox.waitFor(newEmail, /Confirm your new email address/);
    await gqlOk(url, RESET_REQUEST, { e: ann.email });
    const [resetMail] = await inbox.waitFor(ann.email, /Set a new password/);
    await gqlOk(url, VERIFY, { t: linkToken(link, '/verify-email') });
    // A reset link mailed to the address the account left no longer works.
    expect((await gql(url, RESET, { t: linkToken(resetMail, '/reset-password'), p: 'a password of my own' })).errors![0].extensions).toMatchObject({
      reason: 'INVALID_LINK',
    });
    expect((await gqlOk(url, `{ me { email pendingEmail } }`, {}, ann.token)).me).toEqual({ email: newEmail, pendingEmail: null });
    await gqlOk(url, LOGIN, { e: newEmail, p: TEST_PASSWORD });
    // A taken address gets the same answer; its owner hears of it.
    const bob = await signUp('Bob');
    expect((await gqlOk(url, CHANGE, { p: TEST_PASSWORD, e: bob.email }, ann.token)).changeEmail.pendingEmail).toBe(bob.email);
    await inbox.waitFor(bob.email, /Someone tried to sign up with your address/);
  });

  it('lists sessions, and logging out ends one at once and closes its open subscription', async () => {
    const ann = await signUp('Ann');
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'Phone Browser 1.0' },
      body: JSON.stringify({ query: LOGIN, variables: { e: ann.email, p: TEST_PASSWORD } }),
    });
    const phone = ((await response.json()) as GraphQLResponse).data!.login.token as string;
    const listed = await gqlOk(url, `{ sessions { id userAgent current createdAt lastUsedAt } }`, {}, ann.token);
    expect(listed.sessions).toHaveLength(2);
    expect(listed.sessions).toContainEqual(expect.objectContaining({ userAgent: 'Phone Browser 1.0', current: false }));

    const game = await createGame(url, { token: phone });
    const client = wsClient(url, phone);
    const closed = new Promise<number>((resolve) => client.on('closed', (event) => resolve((event as { code: number }).code)));
    client.subscribe(
      { query: `subscription($id: ID!) { gameUpdated(gameId: $id) { version } }`, variables: { id: game } },
      { next: () => undefined, error: () => undefined, complete: () => undefined },
    );
    await new Promise((resolve) => client.on('connected', resolve));
    await gqlOk(url, `mutation { logout }`, {}, phone);
    expect(await closed).toBe(4401);
    expect(errorCode(await gql(url, `{ me { id } }`, {}, phone))).toBe('UNAUTHENTICATED');
    expect((await gqlOk(url, `{ sessions { current } }`, {}, ann.token)).sessions).toEqual([{ current: true }]);
    await gqlOk(url, `mutation { logoutEverywhere }`, {}, ann.token);
    expect(errorCode(await gql(url, `{ me { id } }`, {}, ann.token))).toBe('UNAUTHENTICATED');
  });

  it('closes a subscription whose session ended while the server was not listening, once it listens again, and refuses a socket with an ended session at once', async () => {
    const ann = await signUp('Ann');
    const game = await createGame(url, ann);
    const subscribe = (client: ReturnType<typeof wsClient>) =>
      client.subscribe(
        { query: `subscription($id: ID!) { gameUpdated(gameId: $id) { version } }`, variables: { id: game } },
        { next: () => undefined, error: () => undefined, complete: () => undefined },
      );
    const closedWith = (client: ReturnType<typeof wsClient>) =>
      new Promise<number>((resolve) => client.on('closed', (event) => resolve((event as { code: number }).code)));
    const client = wsClient(url, ann.token);
    const closed = closedWith(client);
    subscribe(client);
    await new Promise((resolve) => client.on('connected', resolve));
    // The session ends without its notice reaching the server (as while its listening connection is down), which then listens again.
    await sql.query(`UPDATE sessions SET ended_at = now() WHERE user_id = $1::uuid`, [ann.id]);
    await sql.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'pbw-sessions' AND datname = current_database()`);
    expect(await closed).toBe(4401);

    // A page that opens its socket after its session ended is told so, not served as a visitor.
    const late = wsClient(url, ann.token);
    const lateClosed = closedWith(late);
    subscribe(late);
    expect(await lateClosed).toBe(4401);
  });

  it('answers invitePlayer alike for any address, and seats a new player who signs up from the invitation', async () => {
    const host = await signUp('Host');
    const member = await signUp('Member');
    const game = await createGame(url, host, { seats: 3 });
    const INVITE = `mutation($id: ID!, $e: String!) { invitePlayer(gameId: $id, email: $e) { version seats { user { id } } history(first: 50) { type payload text } } }`;
    const stranger = address('Stranger');
    const toMember = await gqlOk(url, INVITE, { id: game, e: member.email }, host.token);
    const toStranger = await gqlOk(url, INVITE, { id: game, e: stranger }, host.token);
    const last = (answer: typeof toMember) => ({
      ...answer.invitePlayer,
      version: undefined,
      history: answer.invitePlayer.history
        .slice(-1)
        .map((entry: { type: string; text: string; payload: object }) => ({ type: entry.type, text: entry.text, payloadKeys: Object.keys(entry.payload) })),
    });
    expect(last(toStranger)).toEqual(last(toMember));
    expect(toStranger.invitePlayer.version).toBe(toMember.invitePlayer.version + 1);
    await inbox.waitFor(member.email, /invites you to play/);
    const [invitation] = await inbox.waitFor(stranger, /invites you to play/);
    expect(invitation.text).toContain(`${PUBLIC_URL}/sign-up?email=${encodeURIComponent(stranger)}`);

    const newcomer = await signUp('Newcomer', stranger);
    const seats = (await gqlOk(url, `query($id: ID!) { game(id: $id) { seats { user { id } } } }`, { id: game })).game.seats;
    expect(seats.map((seat: { user: { id: string } | null }) => seat.user?.id ?? null)).toEqual([host.id, newcomer.id, null]);
  });

  it('deletes an account, erasing its address, name and password, and resigning it from every game in play', async () => {
    const [ann, bob, cat] = await Promise.all([signUp('Ann'), signUp('Bob'), signUp('Cat')]);
    const gameOf = (players: (typeof ann)[]) => startGame(url, players, { options: { target: 40 } });
    const [twoPlayers, threePlayers] = [await gameOf([ann, bob]), await gameOf([ann, bob, cat])];
    expect(errorCode(await gql(url, `mutation { deleteAccount(password: "not my password") }`, {}, bob.token))).toBe('BAD_USER_INPUT');
    await gqlOk(url, `mutation($p: String!) { deleteAccount(password: $p) }`, { p: TEST_PASSWORD }, bob.token);
    expect(errorCode(await gql(url, `{ me { id } }`, {}, bob.token))).toBe('UNAUTHENTICATED');
    expect(errorCode(await gql(url, LOGIN, { e: bob.email, p: TEST_PASSWORD }))).toBe('UNAUTHENTICATED');
    const { rows } = await sql.query(`SELECT email, password_hash, display_name FROM users WHERE id = $1`, [bob.id]);
    expect(rows).toEqual([{ email: null, password_hash: null, display_name: 'Deleted player' }]);

    // No game waits on a player who is gone: with two players Ann wins, with three Ann and Cat play on.
    const GAME = `query($id: ID!) { game(id: $id) { version status activeSeats resignedSeats result seats { user { displayName } } history(first: 100) { text } integrity { ok } } }`;
    const two = (await gqlOk(url, GAME, { id: twoPlayers }, ann.token)).game;
    expect(two).toMatchObject({ status: 'FINISHED', resignedSeats: [1], result: { winners: [0] } });
    let game = (await gqlOk(url, GAME, { id: threePlayers }, ann.token)).game;
    expect(game).toMatchObject({ status: 'ACTIVE', resignedSeats: [1] });
    expect(game.activeSeats).not.toContain(1);
    expect(game.seats.map((seat: { user: { displayName: string } }) => seat.user.displayName)).toEqual(['Ann', 'Deleted player', 'Cat']);
    const mover = [ann, null, cat][game.activeSeats[0]]!;
    await gqlOk(
      url,
      `mutation($id: ID!, $v: Int!) { submitMove(gameId: $id, move: { type: "add", amount: 1 }, expectedVersion: $v) { id } }`,
      { id: threePlayers, v: game.version },
      mover.token,
    );
    game = (await gqlOk(url, GAME, { id: threePlayers }, ann.token)).game;
    expect(game.history.map((entry: { text: string | null }) => entry.text)).toContain('Deleted player resigned.');
    expect(game.integrity.ok).toBe(true);
    // The address is free again.
    await signUp('Bob again', bob.email);
  });
});

describe('Login limits across two server processes', () => {
  let db: TestDatabase;
  const processes: ServerProcess[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    processes.push(...(await Promise.all([startServerProcess(db), startServerProcess(db)])));
  });

  afterAll(async () => {
    for (const server of processes) await server.stop();
    await db.drop();
  });

  it('makes each try wait once five have failed, whichever process they reach, and forgets them on success', async () => {
    const [first, second] = processes.map((server) => server.url);
    const ann = await registerPlayer(first, 'Ann');
    const { me } = await gqlOk(first, `{ me { email } }`, {}, ann.token);
    const LOGIN = `mutation($e: String!, $p: String!) { login(email: $e, password: $p) { token } }`;
    for (let i = 0; i < 5; i++) expect(errorCode(await gql(i % 2 ? first : second, LOGIN, { e: me.email, p: `wrong guess ${i}` }))).toBe('UNAUTHENTICATED');
    // The sixth try waits, on either process, even with the right password.
    const sixth = await gql(second, LOGIN, { e: me.email, p: 'wrong guess 6' });
    expect(sixth.errors![0].extensions).toMatchObject({ code: 'RATE_LIMITED' });
    expect(sixth.errors![0].extensions!.retryAfter).toBeGreaterThan(50);
    expect(errorCode(await gql(first, LOGIN, { e: me.email, p: TEST_PASSWORD }))).toBe('RATE_LIMITED');
    // Another account from the same address is not held back by Ann's.
    const bob = await registerPlayer(first, 'Bob');
    const bobEmail = (await gqlOk(first, `{ me { email } }`, {}, bob.token)).me.email;
    await gqlOk(second, LOGIN, { e: bobEmail, p: TEST_PASSWORD });
    // A minute on, one more try is let through; the right password then clears the count.
    const client = new PgClient({ connectionString: db.url });
    await client.connect();
    await client.query(`UPDATE login_failures SET last_failure_at = last_failure_at - interval '61 seconds'`);
    await client.end();
    await gqlOk(first, LOGIN, { e: me.email, p: TEST_PASSWORD });
    expect(errorCode(await gql(second, LOGIN, { e: me.email, p: 'wrong again' }))).toBe('UNAUTHENTICATED');
    await gqlOk(second, LOGIN, { e: me.email, p: TEST_PASSWORD });
  });
});
