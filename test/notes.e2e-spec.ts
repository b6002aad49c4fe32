/** Each player's private notepad for a game: read and written by that player alone. */
import { errorCode, gql, Player, registerPlayer, startTestServer, TestServer } from './support/app';
import { startCountingGame } from './support/counting-api';

describe('private notes per player per game', () => {
  let server: TestServer;
  let ann: Player;
  let bob: Player;
  let eve: Player;
  let gameId: string;

  beforeAll(async () => {
    server = await startTestServer();
    [ann, bob, eve] = await Promise.all(['Ann', 'Bob', 'Eve'].map((name) => registerPlayer(server.url, name)));
    gameId = await startCountingGame(server.url, [ann, bob], { seed: 'notes' });
  });

  afterAll(() => server.close());

  const read = (as: Player | null, id = gameId) =>
    gql<{ myNotes: { text: string; updatedAt: string | null } }>(
      server.url,
      `query($id: ID!) { myNotes(gameId: $id) { gameId text updatedAt } }`,
      { id },
      as?.token,
    );
  const save = (as: Player | null, text: string, id = gameId) =>
    gql<{ saveNotes: { text: string; updatedAt: string } }>(
      server.url,
      `mutation($id: ID!, $t: String!) { saveNotes(gameId: $id, text: $t) { text updatedAt } }`,
      { id, t: text },
      as?.token,
    );

  it("keeps each player's notes for themselves alone", async () => {
    expect((await read(ann)).data!.myNotes).toEqual({ gameId, text: '', updatedAt: null });
    const plan = 'Bob hoards sevens.\nGo for the long game:\t\u202eno secrets here';
    expect((await save(ann, plan)).data!.saveNotes.text).toBe(plan);
    await save(bob, 'Ann bluffs');
    expect((await read(ann)).data!.myNotes.text).toBe(plan);
    expect((await read(bob)).data!.myNotes.text).toBe('Ann bluffs');
    await save(ann, 'Changed my mind');
    expect((await read(ann)).data!.myNotes.text).toBe('Changed my mind');
  });

  it('refuses anyone not seated, anyone logged out, an unknown game and notes too long, saving nothing', async () => {
    expect(errorCode(await read(eve))).toBe('FORBIDDEN');
    expect(errorCode(await save(eve, 'spying'))).toBe('FORBIDDEN');
    expect(errorCode(await read(null))).toBe('UNAUTHENTICATED');
    expect(errorCode(await save(null, 'x'))).toBe('UNAUTHENTICATED');
    expect(errorCode(await read(ann, '00000000-0000-4000-8000-000000000000'))).toBe('NOT_FOUND');
    const tooLong = await save(bob, 'x'.repeat(20_001));
    expect(errorCode(tooLong)).toBe('BAD_USER_INPUT');
    expect((await read(bob)).data!.myNotes.text).toBe('Ann bluffs');
    expect((await save(bob, 'y'.repeat(20_000))).data!.saveNotes.text).toHaveLength(20_000);
  });
});
