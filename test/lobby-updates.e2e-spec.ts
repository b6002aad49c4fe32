/**
 * The lobby's live signal (`lobbyChanged`, over graphql-ws): a signal that
 * anything may have changed at once, then one per change of the player's
 * lobby (a move or a chat line in their game, an invitation, an open
 * public game, a seat offered or taken over), to that player's subscriptions alone, naming the game and
 * why it concerns them; a visitor who is not logged in is refused; after
 * the server's LISTEN connection was down, every lobby is told to read
 * itself again.
 */
import type { Client } from 'graphql-ws';
import { emailOf, gqlOk, Player, registerPlayer, startTestServer, TestServer, wsClient, endLiveUpdatesListener } from './support/app';
import { playTurn, startCountingGame } from './support/counting-api';
import { createGame } from './support/games';

interface Change {
  gameId: string | null;
  seated: boolean;
  invited: boolean;
  open: boolean;
}

const ANYTHING = { gameId: null, seated: true, invited: true, open: true };

/** A lobby subscription's signals, as they come. */
function follow(client: Client) {
  const changes: Change[] = [];
  const errors: unknown[] = [];
  const dispose = client.subscribe<{ lobbyChanged: Change }>(
    { query: `subscription { lobbyChanged { gameId seated invited open } }` },
    {
      next: (message) => {
        if (message.errors) errors.push(...message.errors);
        if (message.data) changes.push(message.data.lobbyChanged);
      },
      error: (error) => void errors.push(error),
      complete: () => undefined,
    },
  );
  return {
    changes,
    errors,
    dispose,
    /** Waits until a signal matches, and returns the signals so far. */
    async until(predicate: (change: Change) => boolean, timeoutMs = 10_000): Promise<Change[]> {
      for (const deadline = Date.now() + timeoutMs; !changes.some(predicate);) {
        if (errors.length) throw new Error(`subscription failed: ${JSON.stringify(errors)}`);
        if (Date.now() > deadline) throw new Error(`no matching signal; got ${JSON.stringify(changes)}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return changes;
    },
  };
}

describe('lobby updates (lobbyChanged)', () => {
  let server: TestServer;
  const clients: Client[] = [];

  beforeAll(async () => {
    server = await startTestServer();
  });

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.dispose()));
    await server.close();
  });

  const players = (...names: string[]) => Promise.all(names.map((name) => registerPlayer(server.url, name)));

  function lobbyOf(player: Player) {
    const client = wsClient(server.url, player.token);
    clients.push(client);
    return follow(client);
  }

  it("signals each change to the lobbies it concerns, and to no one else's", async () => {
    const [ann, bob, cat, dan] = await players('Ann', 'Bob', 'Cat', 'Dan');
    const game = await startCountingGame(server.url, [ann, bob], { seed: 'lobby-updates' });
    await gqlOk(server.url, `mutation($id: ID!) { sendChatMessage(gameId: $id, text: "hello") { gameId } }`, { id: game }, ann.token);
    const [annLobby, bobLobby, catLobby] = [lobbyOf(ann), lobbyOf(bob), lobbyOf(cat)];
    for (const lobby of [annLobby, bobLobby, catLobby]) expect((await lobby.until(() => true))[0]).toEqual(ANYTHING);

    // A turn played in Ann and Bob's game (a private matter of theirs: it was never open), then a line in its chat.
    await playTurn(server.url, game, [ann, bob]);
    for (const lobby of [annLobby, bobLobby]) await lobby.until((change) => change.gameId === game);
    await gqlOk(server.url, `mutation($id: ID!) { sendChatMessage(gameId: $id, text: "well played") { gameId } }`, { id: game }, bob.token);
    // Ann invites Cat to a private game of hers.
    const invitation = await createGame(server.url, ann, { visibility: 'PRIVATE' });
    await gqlOk(
      server.url,
      `mutation($id: ID!, $email: String!) { invitePlayer(gameId: $id, email: $email) { id } }`,
      { id: invitation, email: await emailOf(server.url, cat) },
      ann.token,
    );
    await catLobby.until((change) => change.gameId === invitation);
    // Dan opens a public game: everyone's open games change.
    const open = await createGame(server.url, dan, {});
    const annSaw = await annLobby.until((change) => change.gameId === open);
    const bobSaw = await bobLobby.until((change) => change.gameId === open);
    const catSaw = await catLobby.until((change) => change.gameId === open);

    expect(annSaw.slice(1).every((change) => [game, invitation, open].includes(change.gameId!))).toBe(true);
    expect(annSaw.filter((change) => change.gameId === game)).not.toEqual([]);
    for (const change of annSaw.filter((change) => change.gameId === game)) expect(change).toEqual({ gameId: game, seated: true, invited: false, open: false });
    expect(annSaw.filter((change) => change.gameId === invitation).every((change) => change.seated && !change.invited)).toBe(true);
    expect(bobSaw.slice(1).every((change) => [game, open].includes(change.gameId!))).toBe(true);
    expect(catSaw.slice(1)).toEqual([
      { gameId: invitation, seated: false, invited: true, open: false },
      { gameId: open, seated: false, invited: false, open: true },
    ]);
    expect(annSaw.find((change) => change.gameId === open)).toEqual({ gameId: open, seated: false, invited: false, open: true });
    for (const lobby of [annLobby, bobLobby, catLobby]) expect(lobby.errors).toEqual([]);
  });

  it("never signals a public game played in a group as open: its members find it on the group's page, and nobody else may join it", async () => {
    const [ann, bob, cat] = await players('Ann', 'Bob', 'Cat');
    const { createGroup } = await gqlOk<{ createGroup: { id: string; inviteUrl: string } }>(
      server.url,
      `mutation { createGroup(name: "Lobby Club") { id inviteUrl } }`,
      {},
      ann.token,
    );
    await gqlOk(server.url, `mutation($code: String!) { joinGroup(code: $code) { id } }`, { code: createGroup.inviteUrl.split('/').pop() }, bob.token);
    const [annLobby, bobLobby, catLobby] = [lobbyOf(ann), lobbyOf(bob), lobbyOf(cat)];
    await Promise.all([annLobby, bobLobby, catLobby].map((lobby) => lobby.until((change) => change.gameId === null)));

    const clubGame = await createGame(server.url, ann, { groupId: createGroup.id, visibility: 'PUBLIC' });
    // Its host's signal comes with everyone else's, if any: a game open to anyone after it is signalled after it.
    await annLobby.until((change) => change.gameId === clubGame);
    const open = await createGame(server.url, ann, {});
    for (const lobby of [bobLobby, catLobby]) {
      const seen = await lobby.until((change) => change.gameId === open);
      expect(seen.filter((change) => change.gameId === clubGame)).toEqual([]);
      expect(seen.find((change) => change.gameId === open)).toEqual({ gameId: open, seated: false, invited: false, open: true });
    }
    // As the page reads them, to place them: the group's game is not open to anyone.
    const openToAnyone = async (id: string) =>
      (await gqlOk<{ game: { openToAnyone: boolean } }>(server.url, `query($id: ID!) { game(id: $id) { openToAnyone } }`, { id }, cat.token)).game.openToAnyone;
    expect(await openToAnyone(clubGame)).toBe(false);
    expect(await openToAnyone(open)).toBe(true);
  });

  it('signals a move once, to each of its players', async () => {
    const [ann, bob, cat] = await players('Ann', 'Bob', 'Cat');
    const game = await startCountingGame(server.url, [ann, bob], { seed: 'lobby-once' });
    const annLobby = lobbyOf(ann);
    // Signals of the game's setting up may still be on their way: a change made now reaches Ann after them.
    const settled = await createGame(server.url, cat, {});
    const beforeMove = (await annLobby.until((change) => change.gameId === settled)).length;
    const { game: before } = await gqlOk<{ game: { version: number; activeSeats: number[] } }>(
      server.url,
      `query($id: ID!) { game(id: $id) { version activeSeats } }`,
      { id: game },
    );
    await gqlOk(
      server.url,
      `mutation($id: ID!, $v: Int!) { submitMove(gameId: $id, move: { type: "add", amount: 1 }, expectedVersion: $v) { version } }`,
      { id: game, v: before.version },
      [ann, bob][before.activeSeats[0]].token,
    );
    // Then a change that reaches Ann after it, so that a second signal of the move would be there by now.
    const later = await createGame(server.url, cat, {});
    const seen = await annLobby.until((change) => change.gameId === later);
    expect(seen.slice(beforeMove).filter((change) => change.gameId === game)).toEqual([{ gameId: game, seated: true, invited: false, open: false }]);
  });

  it('signals a seat offered to its invitee, and its taking over to both the new player and the one whose seat it was', async () => {
    const [ann, bob, eve] = await players('Ann', 'Bob', 'Eve');
    const game = await startCountingGame(server.url, [ann, bob], { seed: 'lobby-substitute' });
    const [bobLobby, eveLobby] = [lobbyOf(bob), lobbyOf(eve)];
    for (const lobby of [bobLobby, eveLobby]) await lobby.until(() => true);
    await gqlOk(
      server.url,
      `mutation($id: ID!, $email: String!) { offerSeat(gameId: $id, seat: 1, email: $email) { id } }`,
      { id: game, email: await emailOf(server.url, eve) },
      bob.token,
    );
    await eveLobby.until((change) => change.gameId === game && change.invited);
    await bobLobby.until((change) => change.gameId === game);
    const bobBefore = bobLobby.changes.length;
    await gqlOk(server.url, `mutation($id: ID!) { joinGame(gameId: $id) { id } }`, { id: game }, eve.token);
    await eveLobby.until((change) => change.gameId === game && change.seated);
    // Bob's seat is Eve's now: the game leaves his lists, as a game of his that changed.
    const bobSaw = await bobLobby.until((change) => bobLobby.changes.indexOf(change) >= bobBefore && change.gameId === game);
    expect(
      bobSaw
        .slice(bobBefore)
        .filter((change) => change.gameId === game)
        .every((change) => change.seated && !change.invited),
    ).toBe(true);
    for (const lobby of [bobLobby, eveLobby]) expect(lobby.errors).toEqual([]);
  });

  it('refuses a visitor who is not logged in', async () => {
    const client = wsClient(server.url);
    clients.push(client);
    const lobby = follow(client);
    for (const deadline = Date.now() + 5000; lobby.errors.length === 0 && Date.now() < deadline;) await new Promise((resolve) => setTimeout(resolve, 25));
    expect(lobby.errors).toMatchObject([{ extensions: { code: 'UNAUTHENTICATED' } }]);
    expect(lobby.changes).toEqual([]);
  });

  it('tells every lobby to read itself again once its LISTEN connection is back, changes having gone unheard meanwhile', async () => {
    const [ann] = await players('Ann');
    const lobby = lobbyOf(ann);
    await lobby.until(() => true);
    await endLiveUpdatesListener(server);
    const seen = await lobby.until(() => lobby.changes.length > 1, 20_000);
    expect(seen[1]).toEqual(ANYTHING);
  });
});
