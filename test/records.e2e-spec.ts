/**
 * Game records: the move each player submitted, stored with the events it
 * produced and shown in history to those who may see it.
 */
import { gqlOk, Player, registerPlayer, startTestServer, TestServer } from './support/app';
import { seeGame, startCountingGame, submitMove } from './support/counting-api';

interface Entry {
  seq: number;
  type: string;
  move: unknown;
}

describe('game records (real PostgreSQL)', () => {
  let server: TestServer;
  let ann: Player;
  let bob: Player;

  beforeAll(async () => {
    server = await startTestServer();
    [ann, bob] = await Promise.all(['Ann', 'Bob'].map((name) => registerPlayer(server.url, name)));
  });
  afterAll(() => server.close());

  async function historyAs(gameId: string, player: Player): Promise<Entry[]> {
    const { game } = await gqlOk<{ game: { history: Entry[] } }>(server.url, `query($id: ID!) { game(id: $id) { history(first: 500) { seq type move } } }`, { id: gameId }, player.token);
    return game.history;
  }

  it('stores each move exactly as submitted on the first event of its step, and shows it to those its step hid nothing from', async () => {
    const gameId = await startCountingGame(server.url, [ann, bob], { seed: 'moves-as-submitted' });
    const start = await seeGame(server.url, gameId);
    const mover = [ann, bob][start.activeSeats[0]];
    const other = mover === ann ? bob : ann;
    const add = { amount: 2, type: 'add' };
    const added = await submitMove(server.url, gameId, mover, add, start.version);
    const endTurn = { type: 'endTurn' };
    await submitMove(server.url, gameId, mover, endTurn, added.data!.submitMove.version);

    const asMover = await historyAs(gameId, mover);
    const steps = asMover.filter((entry) => entry.move !== null);
    expect(steps.map((entry) => [entry.type, entry.move])).toEqual([
      ['added', add],
      ['cardDrawn', endTurn],
    ]);
    expect(asMover.filter((entry) => entry.type.startsWith('game.')).every((entry) => entry.move === null)).toBe(true);

    // The other player sees the add (nothing hidden in it), not the move whose card is secret to them.
    const asOther = await historyAs(gameId, other);
    expect(asOther.find((entry) => entry.type === 'added')!.move).toEqual(add);
    expect(asOther.find((entry) => entry.type === 'cardDrawn')!.move).toBeNull();
  });
});
