/** Games set up over the API as hosts and players do: created, joined, started. One spelling of each mutation for every test. */
import { gql, gqlOk, type GraphQLResponse, type Player } from './app';

/** Whoever acts: a player, or just a session's token. */
type Actor = Pick<Player, 'token'>;

/** What a host chooses for a new game (CreateGameInput): the test ruleset for two, unless said. */
export interface NewGame {
  ruleset?: string;
  seats?: number;
  options?: Record<string, unknown>;
  seed?: string;
  clientSeed?: string;
  name?: string;
  visibility?: 'PUBLIC' | 'PRIVATE';
  moveDeadline?: Record<string, unknown>;
  /** Absent here: false, so that a test's game waits for its host's start (the server's default, a game that starts itself, is tested where it matters). */
  autoStart?: boolean;
  bots?: Array<{ seat: number; level: 'RANDOM' | 'GREEDY' }>;
  whenPlayerLeaves?: 'SKIP' | 'BOT';
  /** The group (club) the game is played in. */
  groupId?: string;
  rated?: boolean;
}

/** Asks to create a game as `host` (none: a visitor), answering with `fields` of it: the answer as it came, refusals included. */
export function askToCreateGame<T = { createGame: { id: string } }>(
  url: string,
  host: Actor | undefined,
  input: NewGame,
  fields = 'id',
): Promise<GraphQLResponse<T>> {
  return gql<T>(
    url,
    `mutation($input: CreateGameInput!) { createGame(input: $input) { ${fields} } }`,
    { input: { ruleset: 'counting', seats: 2, autoStart: false, ...input } },
    host?.token,
  );
}

/** `host` creates a game (failing the test if refused); returns its `fields`. */
export async function createGameFields<T>(url: string, host: Actor, input: NewGame, fields: string): Promise<T> {
  const answer = await askToCreateGame<{ createGame: T }>(url, host, input, fields);
  if (!answer.data) throw new Error(`GraphQL errors: ${JSON.stringify(answer.errors)}`);
  return answer.data.createGame;
}

/** `host` creates a game (failing the test if refused); returns its id. */
export async function createGame(url: string, host: Actor, input: NewGame = {}): Promise<string> {
  return (await createGameFields<{ id: string }>(url, host, input, 'id')).id;
}

/** `player` takes a seat (the first free one, unless said). */
export async function joinGame(url: string, gameId: string, player: Actor, { seat, clientSeed }: { seat?: number; clientSeed?: string } = {}): Promise<void> {
  await gqlOk(
    url,
    `mutation($id: ID!, $seat: Int, $c: String) { joinGame(gameId: $id, seat: $seat, clientSeed: $c) { id } }`,
    { id: gameId, seat, c: clientSeed },
    player.token,
  );
}

/**
 * `players[0]` creates a game with a seat for each player, the others join
 * it in order (each with `clientSeeds[i]` when given), and the host starts
 * it; returns `fields` of the started game.
 */
export async function startGameFields<T>(url: string, players: Actor[], input: NewGame, fields: string, clientSeeds: (string | undefined)[] = []): Promise<T> {
  const [host, ...guests] = players;
  const gameId = await createGame(url, host, { seats: players.length, ...input, clientSeed: clientSeeds[0] ?? input.clientSeed });
  for (const [index, guest] of guests.entries()) await joinGame(url, gameId, guest, { seat: index + 1, clientSeed: clientSeeds[index + 1] });
  const { startGame } = await gqlOk<{ startGame: T }>(url, `mutation($id: ID!) { startGame(gameId: $id) { ${fields} } }`, { id: gameId }, host.token);
  return startGame;
}

/** As startGameFields; returns the started game's id. */
export async function startGame(url: string, players: Actor[], input: NewGame = {}, clientSeeds: (string | undefined)[] = []): Promise<string> {
  return (await startGameFields<{ id: string }>(url, players, input, 'id', clientSeeds)).id;
}

/** The host invites `email` to a seat of the game. */
export async function invitePlayer(url: string, gameId: string, host: Actor, email: string): Promise<void> {
  await gqlOk(url, `mutation($id: ID!, $email: String!) { invitePlayer(gameId: $id, email: $email) { id } }`, { id: gameId, email }, host.token);
}
