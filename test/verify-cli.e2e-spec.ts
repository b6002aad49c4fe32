/**
 * `npm run verify -- <record>` on this machine, without a database: a
 * corpus record verifies (exit 0); the same record with one payload changed
 * is refused, naming the event (exit 1); a file that is no record is refused (exit 1);
 * a game stored before moves were recorded is "not verifiable" (exit 3).
 * With `--game`, it and `npm run games:revalidate` read a server's database.
 * A game whose seat changed hands verifies; its record with the seat handed
 * to a player already seated is refused. The tools that work on record files
 * alone (verify of a file, ratings, league standings) load no part of the
 * server to do it.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CORPUS_DIR, corpusFiles, readCorpusRecord } from './corpus/corpus-files';
import { rehashed, withActor, withPayload } from './support/record-forgery';
import type { GameRecord } from '../src/records/game-record';
import { emailOf, gqlOk, registerPlayer, startTestServer, TEST_JWT_SECRET, type TestServer } from './support/app';
import { startGame } from './support/games';
import { packagesLoadedBy, runTool } from './support/tools';

const verify = (file: string) => runTool('verify.ts', [file]);
const dir = mkdtempSync(join(tmpdir(), 'pbw-verify-'));

describe('npm run verify', () => {
  const name = corpusFiles().find((file) => file.startsWith('five-tribes'))!;

  it('prints "verified" for a true record, and the first bad event of a changed one', async () => {
    const record = readCorpusRecord(name);
    const changed = JSON.parse(JSON.stringify(record));
    const step = changed.events.find((event: { move: unknown; seq: number }) => event.move !== null && event.seq > 20);
    step.payload = { ...step.payload, changed: true };
    writeFileSync(join(dir, 'changed.json'), JSON.stringify(changed));
    writeFileSync(join(dir, 'not-a-record.json'), '{"hello": "world"}');

    // As a game stored before moves were recorded: no moves, each hash made without one.
    writeFileSync(join(dir, 'old.json'), JSON.stringify(rehashed({ ...record, events: record.events.map((event) => ({ ...event, move: null })) }, 1)));

    const [whole, tampered, notRecord, old] = await Promise.all([
      verify(join(CORPUS_DIR, name)),
      verify(join(dir, 'changed.json')),
      verify(join(dir, 'not-a-record.json')),
      verify(join(dir, 'old.json')),
    ]);
    expect(whole).toMatchObject({ code: 0, stdout: expect.stringMatching(/^verified \(\d+ events, \d+ steps decided again\)\n$/) });
    expect(tampered).toMatchObject({
      code: 1,
      stdout: `not verified: event ${step.seq}: its hash does not match its content and the events before it: the history was changed\n`,
    });
    expect(notRecord).toMatchObject({ code: 1, stdout: expect.stringContaining('this is not a game record') });
    expect(old).toMatchObject({
      code: 3,
      stdout: expect.stringMatching(/^not verifiable: event \d+: the game was played before the server recorded the moves as submitted/),
    });
  });
});

describe('the tools that work on record files alone', () => {
  it('check them with the rules alone, loading no part of the server (NestJS, GraphQL, Prisma, pg)', async () => {
    const mobTown = corpusFiles().find((file) => file.startsWith('mob-town'))!;
    const record = join(CORPUS_DIR, mobTown);
    const loaded = await Promise.all([
      packagesLoadedBy('verify.ts', [record]),
      packagesLoadedBy('ratings.ts', [record]),
      packagesLoadedBy('league-standings.ts', ['no-such-league.json', record]),
    ]);
    const server = /^(@nestjs\/|@apollo\/|graphql|@prisma\/|pg$)/;
    // Each loaded what it runs with (ts-node, as `npm run` runs it), and nothing of the server.
    for (const packages of loaded) {
      expect(packages).toContain('ts-node');
      expect(packages.filter((name) => server.test(name))).toEqual([]);
    }
  });
});

describe("npm run verify -- --game and npm run games:revalidate, on a server's database", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it("check a stored game, running, with its server seed: it verifies and holds under today's rules", async () => {
    const [ann, bob] = await Promise.all(['Ann', 'Bob'].map((name) => registerPlayer(server.url, name)));
    const gameId = await startGame(server.url, [ann, bob], { ruleset: 'five-tribes', seed: 'cli-game' });
    const env = { DATABASE_URL: server.db.url, JWT_SECRET: TEST_JWT_SECRET, DATA_DIR: dir };

    const [verified, revalidated] = await Promise.all([runTool('verify.ts', ['--game', gameId], env), runTool('games-revalidate.ts', ['--game', gameId], env)]);
    expect(verified).toMatchObject({ code: 0, stdout: expect.stringMatching(/^verified \(\d+ events, 1 steps decided again\)\n$/) });
    expect(revalidated).toMatchObject({
      code: 0,
      stdout: `game ${gameId} (five-tribes): holds\nChecked 1 game under today's rules: every one holds.\n`,
    });
    const { game } = await gqlOk<{ game: { rulesCheck: { ok: boolean } } }>(server.url, `query($id: ID!) { game(id: $id) { rulesCheck { ok } } }`, {
      id: gameId,
    });
    expect(game.rulesCheck).toEqual({ ok: true });
  });

  it('verifies a game whose seat changed hands, and refuses its record with the seat handed to a player already seated', async () => {
    const [ann, bob, eve] = await Promise.all(['Ann', 'Bob', 'Eve'].map((name) => registerPlayer(server.url, name)));
    const gameId = await startGame(server.url, [ann, bob], { ruleset: 'five-tribes', seed: 'cli-substitute' });
    const act = (as: { token: string }, mutation: string) => gqlOk(server.url, `mutation($id: ID!) { ${mutation} { id } }`, { id: gameId }, as.token);
    await gqlOk(
      server.url,
      `mutation($id: ID!, $email: String!) { offerSeat(gameId: $id, seat: 1, email: $email) { id } }`,
      { id: gameId, email: await emailOf(server.url, eve) },
      bob.token,
    );
    await act(eve, 'joinGame(gameId: $id)');
    const env = { DATABASE_URL: server.db.url, JWT_SECRET: TEST_JWT_SECRET, DATA_DIR: dir };
    expect(await runTool('verify.ts', ['--game', gameId], env)).toMatchObject({ code: 0, stdout: expect.stringMatching(/^verified /) });

    await act(ann, 'resignGame(gameId: $id)');
    const record = (await (await fetch(server.url.replace(/\/graphql$/, `/games/${gameId}/record.json`))).json()) as GameRecord;
    const handedOver = record.events.find((event) => event.type === 'game.seatReassigned')!;
    const forged = withActor(withPayload(record, handedOver.seq, { ...handedOver.payload, userId: ann.id }), handedOver.seq, ann.id, 1);
    writeFileSync(join(dir, 'substituted.json'), JSON.stringify(record));
    writeFileSync(join(dir, 'forged-substitute.json'), JSON.stringify(forged));
    expect(await verify(join(dir, 'substituted.json'))).toMatchObject({ code: 0, stdout: expect.stringMatching(/^verified /) });
    expect(await verify(join(dir, 'forged-substitute.json'))).toMatchObject({
      code: 1,
      stdout: `not verified: event ${handedOver.seq}: game.seatReassigned: You already have a seat in this game.\n`,
    });
  });
});
