/**
 * The page's moves go over the live-update socket it holds
 * (web/src/api/socket-requests.ts), not as HTTP requests; while the socket is
 * down they go over HTTP, and a move the socket took but never answered (it
 * died without closing, as a phone's that slept) is sent again over HTTP
 * with the same clientMoveId, and recorded once.
 */
import type { Page } from 'playwright-core';
import { SERVICE_RESTART_CLOSE_CODE } from '../../src/lifecycle/graceful-shutdown';
import { ShutdownState } from '../../src/lifecycle/shutdown-state';
import { seeGame, startCountingGame } from '../support/counting-api';
import { registerPlayer } from '../support/app';
import { recordedMoves } from '../support/move-stream';
import { openWindow, pageTestBench, waitForVersion } from './browser';
import { followingTheGame, onGraphQLRequest, reachableSockets, type ReachableSockets, type SentRequest } from './graphql-traffic';

describe('web page: moves over its socket', () => {
  const bench = pageTestBench();

  /** A started counting game, open at the page of the player to move, with the transports of the moves the page sends from now on. */
  async function moverAtGame(name: string, beforeLoad?: (page: Page) => Promise<void>) {
    const [ann, bob] = await Promise.all(['Ann', 'Bob'].map((player) => registerPlayer(bench.server.url, player)));
    const gameId = await startCountingGame(bench.server.url, [ann, bob], { name });
    const game = await seeGame(bench.server.url, gameId);
    const { page } = await openWindow(bench.chromium, bench.server.url.replace(/\/graphql$/, ''), {
      token: [ann, bob][game.activeSeats[0]].token,
    });
    await beforeLoad?.(page);
    // The page follows the game over its socket once it shows it: from then on the socket is open.
    const following = followingTheGame(page);
    await page.goto(`/games/${gameId}`);
    await waitForVersion(page, game.version);
    await following;
    const movesSent: Array<SentRequest['transport']> = [];
    onGraphQLRequest(page, (request) => request.query.includes('submitMove') && movesSent.push(request.transport));
    return { gameId, version: game.version, page, movesSent };
  }

  /** Clicks a move, then checks that the page shows it, that it went by `transports` in turn, and that it was recorded once. */
  async function expectMoveSentBy({ gameId, version, page, movesSent }: Awaited<ReturnType<typeof moverAtGame>>, transports: Array<SentRequest['transport']>) {
    await page.getByRole('button', { name: 'Add, amount 1' }).click();
    await waitForVersion(page, version + 1);
    expect(movesSent).toEqual(transports);
    expect(await recordedMoves(bench.server.db.url, gameId)).toHaveLength(1);
    await page.context().close();
  }

  it('sends a move over its socket, and no HTTP request', async () => {
    await expectMoveSentBy(await moverAtGame('Socket'), ['socket']);
  });

  it('moves over HTTP while its socket is down', async () => {
    let sockets: ReachableSockets;
    const game = await moverAtGame('Down', async (page) => void (sockets = await reachableSockets(page)));
    // The socket closes and cannot open again for now: the page has seen it closed once it tries again.
    const triedAgain = sockets!.cut();
    for (const socket of bench.server.app.get(ShutdownState).sockets) socket.close(SERVICE_RESTART_CLOSE_CODE, 'restarting');
    await triedAgain;
    await expectMoveSentBy(game, ['http']);
  });

  it('sends a move its socket took but never answered again over HTTP, and it is recorded once', async () => {
    let deaf = false;
    const game = await moverAtGame('Deaf', (page) =>
      page.routeWebSocket(/\/graphql$/, (socket) => {
        const server = socket.connectToServer();
        server.onMessage((message) => !deaf && socket.send(message));
      }),
    );
    // The page stops hearing its socket, which stays open, as a phone's that slept: the server takes the move, the page hears nothing.
    deaf = true;
    await expectMoveSentBy(game, ['socket', 'http']);
  });
});
