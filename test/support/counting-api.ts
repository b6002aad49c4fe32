/** The test ruleset (counting-game.ts) played over the API, for tests about games rather than about its rules. */
import { gql, gqlOk, Player, type GraphQLResponse } from './app';

export interface CountingGameInput {
  options?: Record<string, unknown>;
  seed?: string;
  clientSeed?: string;
  moveDeadline?: Record<string, unknown>;
  name?: string;
}

/** `players[0]` creates and hosts a counting game, the others join it (each with `clientSeeds[i]` when given), and it starts. */
export async function startCountingGame(
  url: string,
  players: Player[],
  input: CountingGameInput = {},
  clientSeeds: (string | undefined)[] = [],
): Promise<string> {
  const { createGame } = await gqlOk<{ createGame: { id: string } }>(
    url,
    `mutation($input: CreateGameInput!) { createGame(input: $input) { id } }`,
    { input: { ruleset: 'counting', seats: players.length, options: { target: 50 }, ...input, clientSeed: clientSeeds[0] ?? input.clientSeed } },
    players[0].token,
  );
  for (const [seat, player] of players.entries()) {
    if (seat === 0) continue;
    await gqlOk(
      url,
      `mutation($id: ID!, $seat: Int!, $c: String) { joinGame(gameId: $id, seat: $seat, clientSeed: $c) { id } }`,
      { id: createGame.id, seat, c: clientSeeds[seat] },
      player.token,
    );
  }
  await gqlOk(url, `mutation($id: ID!) { startGame(gameId: $id) { id } }`, { id: createGame.id }, players[0].token);
  return createGame.id;
}

export interface CountingGameSeen {
  version: number;
  status: string;
  activeSeats: number[];
  view: { counter: number; hands: Array<{ count: number; total?: number; cards?: number[] }> };
}

export async function seeGame(url: string, gameId: string, as?: Player): Promise<CountingGameSeen> {
  return (await gqlOk<{ game: CountingGameSeen }>(url, `query($id: ID!) { game(id: $id) { version status activeSeats view } }`, { id: gameId }, as?.token))
    .game;
}

export function submitMove(
  url: string,
  gameId: string,
  player: Player,
  move: unknown,
  expectedVersion: number,
): Promise<GraphQLResponse<{ submitMove: { version: number; status: string } }>> {
  return gql(
    url,
    `mutation($id: ID!, $move: JSON!, $v: Int!) { submitMove(gameId: $id, move: $move, expectedVersion: $v) { version status } }`,
    { id: gameId, move, v: expectedVersion },
    player.token,
  );
}

/** The player to act adds 1 to the counter and, unless that ended the game, ends the turn (drawing a card); returns the new version. */
export async function playTurn(url: string, gameId: string, players: Player[]): Promise<number> {
  const game = await seeGame(url, gameId);
  const player = players[game.activeSeats[0]];
  let version = game.version;
  for (const move of [{ type: 'add', amount: 1 }, { type: 'endTurn' }]) {
    const result = await submitMove(url, gameId, player, move, version);
    if (!result.data) throw new Error(`GraphQL errors: ${JSON.stringify(result.errors)}`);
    version = result.data.submitMove.version;
    if (result.data.submitMove.status === 'FINISHED') break;
  }
  return version;
}
