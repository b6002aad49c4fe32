/** The test ruleset (counting-game.ts) played over the API, for tests about games rather than about its rules. */
import { gql, gqlOk, Player, type GraphQLResponse } from './app';
import { startGame, type NewGame } from './games';

export type CountingGameInput = Omit<NewGame, 'ruleset' | 'seats'>;

/** `players[0]` creates and hosts a counting game (to 50, unless said), the others join it (each with `clientSeeds[i]` when given), and it starts. */
export function startCountingGame(url: string, players: Player[], input: CountingGameInput = {}, clientSeeds: (string | undefined)[] = []): Promise<string> {
  return startGame(url, players, { ruleset: 'counting', options: { target: 50 }, ...input }, clientSeeds);
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
