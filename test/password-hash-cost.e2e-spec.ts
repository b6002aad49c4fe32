/**
 * PASSWORD_HASH_COST: a server hashes new passwords at its cost (the
 * default, 2^14, here; the rest of the suite runs at the least allowed, see
 * global-setup.ts), and a login with a password hashed at another cost
 * makes its hash again at the server's. A wrong password changes nothing.
 */
import { asRole, createTestDatabase, type TestDatabase } from './support/database';
import { errorCode, gql, gqlOk, startTestServer, TEST_PASSWORD, type TestServer } from './support/app';
import { DEFAULT_PASSWORD_HASH_COST } from '../src/config/config';

const LOGIN = `mutation($e: String!, $p: String!) { login(email: $e, password: $p) { token } }`;
const REGISTER = `mutation($e: String!, $p: String!) { register(email: $e, password: $p, displayName: "Ann") { token } }`;

describe('password hash cost', () => {
  let db: TestDatabase;
  let atDefault: TestServer;
  let atLeast: TestServer;

  beforeAll(async () => {
    db = await createTestDatabase();
    // Two servers on one database, as before and after an operator changes PASSWORD_HASH_COST.
    [atDefault, atLeast] = await Promise.all([
      startTestServer({ db, passwordHashCost: DEFAULT_PASSWORD_HASH_COST }),
      startTestServer({ db, passwordHashCost: 10 }),
    ]);
  });

  afterAll(async () => {
    await Promise.all([atDefault?.close(), atLeast?.close()]);
    await db?.drop();
  });

  const storedHash = (email: string) =>
    asRole(
      db.url,
      async (sql) => (await sql.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE email = $1', [email])).rows[0].password_hash,
    );

  it("hashes at the server's cost, and a login makes a hash made at another cost again at the server's", async () => {
    const email = `ann-${Date.now()}@example.org`;
    await gqlOk(atDefault.url, REGISTER, { e: email, p: TEST_PASSWORD });
    const madeAtDefault = await storedHash(email);
    expect(madeAtDefault).toMatch(/^scrypt\$16384\$8\$1\$/);

    // A wrong password, on the server whose cost differs: refused, and the hash stays as it was.
    expect(errorCode(await gql(atLeast.url, LOGIN, { e: email, p: 'not the password at all' }))).toBe('UNAUTHENTICATED');
    expect(await storedHash(email)).toBe(madeAtDefault);

    await gqlOk(atLeast.url, LOGIN, { e: email, p: TEST_PASSWORD });
    expect(await storedHash(email)).toMatch(/^scrypt\$1024\$8\$1\$/);
    // The same password opens the account on either server, and each login at the cost the hash has keeps it.
    const madeAtLeast = await storedHash(email);
    await gqlOk(atLeast.url, LOGIN, { e: email, p: TEST_PASSWORD });
    expect(await storedHash(email)).toBe(madeAtLeast);
    await gqlOk(atDefault.url, LOGIN, { e: email, p: TEST_PASSWORD });
    expect(await storedHash(email)).toMatch(/^scrypt\$16384\$8\$1\$/);
  });
});
