/**
 * Ratings anyone can recompute: games played here to their end (by a
 * resignation, by agreement, by the rules), rated as each ends; the API's
 * table equals `npm run ratings` over the games' downloaded records, and
 * `npm run ratings:rebuild` writes the very same numbers again. A player's
 * profile: ratings with their history, reliability. Every refusal, and the
 * corpus of recorded games through the command.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CORPUS_DIR, corpusFiles } from './corpus/corpus-files';
import { errorCode, gql, gqlOk, type Player, refusalWritingNothing, registerPlayer, startTestServer, TEST_JWT_SECRET, type TestServer } from './support/app';
import { playTurn, seeGame, startCountingGame } from './support/counting-api';
import { askToCreateGame, startGame } from './support/games';
import { runTool } from './support/tools';
import { ManualClock } from '../src/common/clock';
import type { GameRecord } from '../src/records/game-record';

const RATING_FIELDS = 'user { id displayName } rating deviation games provisional';
const PROFILE = `query($id: ID!) { player(id: $id) { name ratings { ruleset rating deviation games provisional history { at rating } }
  reliability { turnsTimedOut turns gamesLeft games } } }`;

interface ApiRating {
  user: { id: string; displayName: string };
  rating: number;
  deviation: number;
  games: number;
  provisional: boolean;
}

describe('ratings', () => {
  let server: TestServer;
  let ann: Player, bob: Player, cat: Player, dan: Player;
  const finished: string[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'pbw-ratings-'));

  const act = (as: Player, mutation: string, id: string) => gqlOk(server.url, `mutation($id: ID!) { ${mutation} { id } }`, { id }, as.token);
  const ratings = async (ruleset: string, groupId?: string) =>
    (
      await gqlOk<{ ratings: ApiRating[] }>(server.url, `query($r: String!, $g: ID) { ratings(ruleset: $r, groupId: $g) { ${RATING_FIELDS} } }`, {
        r: ruleset,
        g: groupId,
      })
    ).ratings;

  /** A Five Tribes game of `players` (host first), its seats leaving in `resigning` order until one is left. */
  async function resignedGame(players: Player[], resigning: Player[], input: { rated?: boolean } = {}): Promise<string> {
    const id = await startGame(server.url, players, { ruleset: 'five-tribes', ...input });
    for (const player of resigning) await act(player, 'resignGame(gameId: $id)', id);
    finished.push(id);
    return id;
  }

  beforeAll(async () => {
    server = await startTestServer();
    [ann, bob, cat, dan] = await Promise.all(['Ann', 'Bob', 'Cat', 'Dan'].map((name) => registerPlayer(server.url, name)));
    await resignedGame([ann, bob], [bob]);
    await resignedGame([ann, bob, cat], [cat, ann]);
    await resignedGame([dan, ann], [ann], { rated: false });
    // Ended by agreement, with the result as it stands: a draw.
    const agreed = await startGame(server.url, [bob, cat], { ruleset: 'five-tribes' });
    await act(bob, 'proposeEnd(gameId: $id)', agreed);
    await gqlOk(server.url, `mutation($id: ID!) { answerEndProposal(gameId: $id, accept: true) { id } }`, { id: agreed }, cat.token);
    finished.push(agreed);
    // Counting games, to their end by the rules: the counter reaches 3.
    for (const players of [
      [ann, dan],
      [dan, cat],
    ]) {
      const id = await startCountingGame(server.url, players, { options: { target: 3 } });
      while ((await seeGame(server.url, id)).status !== 'FINISHED') await playTurn(server.url, id, players);
    }
  });
  afterAll(() => server.close());

  /** The finished Five Tribes games' records, as anyone downloads them, in files. */
  async function downloadedRecords(): Promise<string[]> {
    return Promise.all(
      finished.map(async (id) => {
        const response = await fetch(server.url.replace(/\/graphql$/, `/games/${id}/record.json`));
        expect(response.status).toBe(200);
        const file = join(dir, `${id}.json`);
        writeFileSync(file, await response.text());
        return file;
      }),
    );
  }

  it("are the API's numbers exactly, computed from the games' records by `npm run ratings` with no database", async () => {
    const table = await ratings('five-tribes');
    expect(Object.fromEntries(table.map((rating) => [rating.user.displayName, [rating.games, rating.provisional]]))).toEqual({
      Ann: [2, true],
      Bob: [3, true],
      Cat: [2, true],
    });
    const files = await downloadedRecords();
    const run = await runTool('ratings.ts', files);
    expect(run).toMatchObject({ code: 0 });
    const computed = JSON.parse(run.stdout);
    expect(computed.tables).toEqual([
      {
        ruleset: 'five-tribes',
        ratings: table.map(({ user, rating, deviation, games, provisional }) => ({ userId: user.id, rating, deviation, games, provisional })),
      },
    ]);
    expect(computed.unrated).toEqual([{ file: files[2], reason: 'NOT_RATED_BY_HOST' }]);
  });

  it("are written again by `npm run ratings:rebuild` from the events, the same to the last bit, profiles' histories included", async () => {
    const before = await Promise.all([ratings('five-tribes'), ratings('counting'), gqlOk(server.url, PROFILE, { id: ann.id })]);
    expect(before[1]).toHaveLength(3);
    const rebuilt = await runTool('ratings-rebuild.ts', [], { DATABASE_URL: server.db.url, JWT_SECRET: TEST_JWT_SECRET, DATA_DIR: dir });
    expect(rebuilt).toMatchObject({ code: 0, stdout: 'ratings rebuilt: 5 rated of 6 finished games\n' });
    expect(await Promise.all([ratings('five-tribes'), ratings('counting'), gqlOk(server.url, PROFILE, { id: ann.id })])).toEqual(before);
  });

  it("show on a player's profile: per ruleset, with the rating after each game; reliability counts the games they left", async () => {
    const { player } = await gqlOk(server.url, PROFILE, { id: ann.id });
    const fiveTribes = (await ratings('five-tribes')).find((rating) => rating.user.id === ann.id)!;
    expect(player).toMatchObject({ name: 'Ann', reliability: { turnsTimedOut: 0, gamesLeft: 2, games: 4 } });
    expect(player.ratings.map((r: { ruleset: string }) => r.ruleset)).toEqual(['counting', 'five-tribes']);
    const rated = player.ratings[1];
    expect(rated).toMatchObject({ rating: fiveTribes.rating, deviation: fiveTribes.deviation, games: 2, provisional: true });
    expect(rated.history).toHaveLength(2);
    expect(rated.history[1].rating).toBe(fiveTribes.rating);
  });

  it("keep an unrated game's rematch unrated", async () => {
    const unrated = finished[2];
    const { rematch } = await gqlOk<{ rematch: { id: string } }>(server.url, `mutation($id: ID!) { rematch(gameId: $id) { id } }`, { id: unrated }, dan.token);
    const response = await fetch(server.url.replace(/\/graphql$/, `/games/${rematch.id}/record.json`), { headers: { authorization: `Bearer ${dan.token}` } });
    expect(((await response.json()) as GameRecord).events[0].payload).toMatchObject({ rated: false, rematchOf: unrated });
  });

  it("of a group count that group's games alone: none in a group that played none", async () => {
    expect(await ratings('five-tribes', '00000000-0000-4000-8000-000000000000')).toEqual([]);
  });

  it.each([
    ['an unknown ruleset', `{ ratings(ruleset: "chess") { rating } }`, 'BAD_USER_INPUT'],
    ['a group id that is none', `{ ratings(ruleset: "five-tribes", groupId: "club") { rating } }`, 'BAD_USER_INPUT'],
    ['a player nobody is', `{ player(id: "00000000-0000-4000-8000-000000000000") { name } }`, 'NOT_FOUND'],
    ['a player id that is none', `{ player(id: "ann") { name } }`, 'NOT_FOUND'],
  ])('refuse %s', async (_, query, code) => {
    expect(errorCode(await gql(server.url, query))).toBe(code);
  });

  it('refuse to create a rated game with bots or a fixed seed, writing nothing', async () => {
    const games = async () => (await gqlOk<{ games: unknown[] }>(server.url, '{ games(mine: true) { id } }', {}, dan.token)).games.length;
    for (const input of [{ bots: [{ seat: 1, level: 'RANDOM' as const }] }, { seed: 'fixed' }]) {
      const code = await refusalWritingNothing(games, askToCreateGame(server.url, dan, { ...input, rated: true }));
      expect(code).toBe('BAD_USER_INPUT');
    }
  });

  it('never count the corpus of recorded games, all played with fixed seeds: `npm run ratings` says why for each', async () => {
    const files = corpusFiles().map((file) => join(CORPUS_DIR, file));
    const run = await runTool('ratings.ts', files);
    expect(run).toMatchObject({ code: 0 });
    expect(JSON.parse(run.stdout)).toEqual({ tables: [], unrated: files.map((file) => ({ file, reason: 'FIXED_SEED' })) });
  });

  it('refuse a record that does not verify, naming it', async () => {
    const [file] = await downloadedRecords();
    const record = JSON.parse(readFileSync(file, 'utf8'));
    record.events[3].payload = { ...record.events[3].payload, changed: true };
    writeFileSync(join(dir, 'changed.json'), JSON.stringify(record));
    expect(await runTool('ratings.ts', [join(dir, 'changed.json')])).toMatchObject({
      code: 1,
      stdout: expect.stringMatching(/changed\.json: not rated: not verified: event 4: /),
    });
  });
});

describe('ratings of games that end at once', () => {
  const clock = new ManualClock(new Date('2026-11-01T10:00:00.000Z'));
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ clock });
  });
  afterAll(() => server.close());

  it('rate them in the order they ended, whichever committed first: the scope is rated again from its first game', async () => {
    const [ann, bob, cat] = await Promise.all(['Ann', 'Bob', 'Cat'].map((name) => registerPlayer(server.url, name)));
    const resign = (as: Player, id: string) => gqlOk(server.url, `mutation($id: ID!) { resignGame(gameId: $id) { id } }`, { id }, as.token);
    const [first, second] = [
      await startGame(server.url, [ann, bob], { ruleset: 'five-tribes' }),
      await startGame(server.url, [cat, ann], { ruleset: 'five-tribes' }),
    ];
    // The game ending later is written first; the one that ended an hour before it, after.
    clock.set(new Date('2026-11-01T12:00:00.000Z'));
    await resign(bob, first);
    clock.set(new Date('2026-11-01T11:00:00.000Z'));
    await resign(ann, second);
    const profile = `query($id: ID!) { player(id: $id) { ratings { history { at rating } } } }`;
    const before = await Promise.all([
      gqlOk(server.url, `{ ratings(ruleset: "five-tribes") { ${RATING_FIELDS} } }`),
      gqlOk(server.url, profile, { id: ann.id }),
    ]);
    expect(before[1].player.ratings[0].history.map((point: { at: string }) => point.at)).toEqual(['2026-11-01T11:00:00.000Z', '2026-11-01T12:00:00.000Z']);
    expect(await runTool('ratings-rebuild.ts', [], { DATABASE_URL: server.db.url, JWT_SECRET: TEST_JWT_SECRET })).toMatchObject({ code: 0 });
    expect(
      await Promise.all([gqlOk(server.url, `{ ratings(ruleset: "five-tribes") { ${RATING_FIELDS} } }`), gqlOk(server.url, profile, { id: ann.id })]),
    ).toEqual(before);
  });
});

describe("a group's ratings", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it("count the group's games alone, and are what `npm run ratings -- --group` computes from the records", async () => {
    const [ann, bob, cat] = await Promise.all(['Ann', 'Bob', 'Cat'].map((name) => registerPlayer(server.url, name)));
    const { createGroup } = await gqlOk<{ createGroup: { id: string; inviteUrl: string } }>(
      server.url,
      'mutation { createGroup(name: "Thursday club") { id inviteUrl } }',
      {},
      ann.token,
    );
    const code = createGroup.inviteUrl.split('/').pop();
    await gqlOk(server.url, 'mutation($code: String!) { joinGroup(code: $code) { id } }', { code }, bob.token);
    const resign = (as: Player, id: string) => gqlOk(server.url, `mutation($id: ID!) { resignGame(gameId: $id) { id } }`, { id }, as.token);
    const inGroup = await startGame(server.url, [ann, bob], { ruleset: 'five-tribes', groupId: createGroup.id });
    await resign(bob, inGroup);
    const outside = await startGame(server.url, [ann, cat], { ruleset: 'five-tribes' });
    await resign(cat, outside);

    const table = async (groupId?: string) =>
      (
        await gqlOk<{ ratings: ApiRating[] }>(server.url, `query($g: ID) { ratings(ruleset: "five-tribes", groupId: $g) { ${RATING_FIELDS} } }`, {
          g: groupId,
        })
      ).ratings;
    const club = await table(createGroup.id);
    expect(club.map((rating) => [rating.user.displayName, rating.games])).toEqual([
      ['Ann', 1],
      ['Bob', 1],
    ]);
    expect((await table()).find((rating) => rating.user.id === ann.id)?.games).toBe(2);

    const dir = mkdtempSync(join(tmpdir(), 'pbw-group-ratings-'));
    const files = await Promise.all(
      [inGroup, outside].map(async (id) => {
        const file = join(dir, `${id}.json`);
        writeFileSync(file, await (await fetch(server.url.replace(/\/graphql$/, `/games/${id}/record.json`))).text());
        return file;
      }),
    );
    const run = await runTool('ratings.ts', ['--group', createGroup.id, ...files]);
    expect(run).toMatchObject({ code: 0 });
    expect(JSON.parse(run.stdout).tables).toEqual([
      {
        ruleset: 'five-tribes',
        ratings: club.map(({ user, rating, deviation, games, provisional }) => ({ userId: user.id, rating, deviation, games, provisional })),
      },
    ]);
  });
});
