/**
 * The page's moves go over the live-update socket it holds
 * (web/src/api/socket-requests.ts), not as HTTP requests; while the socket is
 * down they go over HTTP, and a move the socket took but never answered (it
 * died without closing, as a phone's that slept) is sent again over HTTP
 * with the same clientMoveId, and recorded once. The live update of one's
 * own move may come before the move's answer; the history still takes the
 * move's entries from the answer.
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

  it("shows its move in the history from the move's answer even when the move's live update comes first, asking nothing more", async () => {
    // The socket holds back the move's answer (and its end) until the test lets it through; all else passes.
    let heldId: string | null = null;
    const heldMessages: Array<() => void> = [];
    let answerHeld: () => void = () => undefined;
    const answerArrived = new Promise<void>((resolve) => (answerHeld = resolve));
    const { version, page, movesSent } = await moverAtGame('Overtaken', (page) =>
      page.routeWebSocket(/\/graphql$/, (socket) => {
        const server = socket.connectToServer();
        server.onMessage((message) => {
          const { id, payload } = JSON.parse(String(message)) as { id?: string; payload?: { data?: Record<string, unknown> } };
          if (payload?.data?.submitMove !== undefined) heldId = id ?? null;
          if (heldId === null || id !== heldId) return socket.send(message);
          heldMessages.push(() => socket.send(message));
          answerHeld();
        });
      }),
    );
    await page.locator(`.timeline li[data-seq="${version}"]`).waitFor();
    let historyAsked = 0;
    onGraphQLRequest(page, (request) => /query History\b/.test(request.query) && historyAsked++);
    await page.getByRole('button', { name: 'Add, amount 1' }).click();
    await answerArrived;
    // The page shows the new version from the live update while the move's answer is still on its way.
    await waitForVersion(page, version + 1);
    for (const send of heldMessages) send();
    await page.locator(`.timeline li[data-seq="${version + 1}"]`).waitFor();
    expect(historyAsked).toBe(0);
    expect(movesSent).toEqual(['socket']);
    await page.context().close();
  });
});
