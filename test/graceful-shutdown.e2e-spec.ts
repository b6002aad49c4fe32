/**
 * SIGTERM during a stream of moves: the server stops taking requests, lets
 * those in flight finish and answers them, closes live-update sockets with
 * 1012 (reconnect), closes its pools and exits 0, logging each step. No
 * acknowledged move is lost, and no move is recorded without its answer.
 */
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { SERVICE_RESTART_CLOSE_CODE } from '../src/lifecycle/graceful-shutdown';
import { createTestDatabase, TestDatabase } from './support/database';
import { expectNoneLost, recordedMoves, startMoveStream } from './support/move-stream';
import { logLines, startServerProcess } from './support/server-process';

describe('SIGTERM', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
  });

  afterAll(async () => {
    await db.drop();
  });

  it('during a stream of moves loses none of the acknowledged ones, and closes live updates with a code to reconnect', async () => {
    const server = await startServerProcess(db, { env: { SHUTDOWN_GRACE_SECONDS: '10' } });
    const streams = await Promise.all([0, 1, 2].map((i) => startMoveStream(server.url, `Stop${i}`, { stopOnNetworkError: true })));
    const closed = new Promise<number>((resolve) => {
      const client = createClient({
        url: server.url.replace(/^http/, 'ws'),
        webSocketImpl: WebSocket,
        retryAttempts: 0,
        on: { closed: (event) => resolve((event as { code: number }).code) },
      });
      client.subscribe(
        { query: `subscription($id: ID!) { gameUpdated(gameId: $id) { version } }`, variables: { id: streams[0].gameId } },
        { next: () => undefined, error: () => undefined, complete: () => undefined },
      );
    });
    await Promise.all(streams.map((stream) => stream.acknowledgedMore(10)));

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    await Promise.all(streams.map((stream) => stream.stop()));
    expect(await closed).toBe(SERVICE_RESTART_CLOSE_CODE);

    for (const stream of streams) {
      await expectNoneLost(db.url, stream);
      // Every move the server recorded was answered: none was cut off in flight.
      const answered = new Set(stream.acknowledged);
      expect((await recordedMoves(db.url, stream.gameId)).filter((id) => !answered.has(id))).toEqual([]);
    }
    const steps = logLines(server.output())
      .filter((line) => line.context === 'Shutdown')
      .map((line) => String(line.msg));
    expect(steps).toEqual([
      'SIGTERM received: shutting down',
      expect.stringMatching(/^shutdown: stopped taking new connections; \d+ request\(s\) in flight$/),
      'shutdown: every request in flight was answered',
      expect.stringMatching(/^shutdown: closed [1-9]\d* live-update connection\(s\), asking their clients to reconnect$/),
      'shutdown: close the database pools, the update listener and the sweeps: done',
      'shutdown complete',
    ]);
  });
});
