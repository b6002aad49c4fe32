/**
 * SIGTERM or SIGINT: stop taking requests, let the ones in flight (moves
 * among them) finish, close live-update sockets with 1012 ("service
 * restart", which graphql-ws clients answer by reconnecting, to another
 * process behind the proxy or to this one restarted), stop the mail worker,
 * close the database pools, and log each step. A second signal while this
 * runs changes nothing; a step that fails is logged and the rest still run.
 */
import type { Server } from 'node:http';
import { INestApplication, Logger } from '@nestjs/common';
import { ShutdownState } from './shutdown-state';

/** The close code sent to live-update clients: come back in a moment. */
export const SERVICE_RESTART_CLOSE_CODE = 1012;

export interface ShutdownStep {
  /** What it does, for the log ("stop the mail worker"). */
  name: string;
  run(): Promise<unknown>;
}

export interface GracefulShutdownOptions {
  /** How long requests in flight may take to finish. */
  graceMs: number;
  /** Run after the requests finished and the sockets closed, before the app closes (e.g. the mail worker). */
  beforeClose?: ShutdownStep[];
  /** Run once the app is closed (e.g. an embedded database). */
  afterClose?: ShutdownStep[];
}

/** Counts every HTTP request in flight, and asks keep-alive clients to reconnect once a shutdown has begun. */
export function trackRequests(app: INestApplication): void {
  const state = app.get(ShutdownState);
  app.use((req: unknown, res: { on(event: string, listener: () => void): void; setHeader(name: string, value: string): void }, next: () => void) => {
    if (state.stopping) res.setHeader('Connection', 'close');
    state.requestStarted((done) => {
      res.on('finish', done);
      res.on('close', done);
    });
    next();
  });
}

/**
 * Takes over SIGTERM and SIGINT. Handlers others set are removed: the
 * embedded PostgreSQL's package (through async-exit-hook) stops the database
 * and exits with 143 on the first signal, which would cut this shutdown
 * short; here the embedded database is stopped last (main.ts).
 */
export function shutDownOnSignals(app: INestApplication, options: GracefulShutdownOptions): void {
  let shutdown: Promise<void> | null = null;
  process.removeAllListeners('SIGTERM');
  process.removeAllListeners('SIGINT');
  const onSignal = (signal: NodeJS.Signals) => {
    shutdown ??= shutDown(app, signal, options).then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}

async function step(logger: Logger, name: string, run: () => Promise<unknown>): Promise<void> {
  try {
    await run();
    logger.log(`shutdown: ${name}: done`);
  } catch (error) {
    logger.error(`shutdown: ${name} failed: ${error instanceof Error ? error.message : error}`);
  }
}

export async function shutDown(app: INestApplication, signal: string, options: GracefulShutdownOptions): Promise<void> {
  const logger = new Logger('Shutdown');
  const state = app.get(ShutdownState);
  const server = app.getHttpServer() as Server;
  logger.log(`${signal} received: shutting down`);
  state.stopping = true;
  server.close();
  server.closeIdleConnections();
  logger.log(`shutdown: stopped taking new connections; ${state.requestsInFlight} request(s) in flight`);
  const allFinished = await state.requestsFinished(options.graceMs);
  if (allFinished) logger.log('shutdown: every request in flight was answered');
  else logger.warn(`shutdown: ${state.requestsInFlight} request(s) still running after ${options.graceMs / 1000} s; stopping anyway`);
  server.closeAllConnections();
  const sockets = [...state.sockets];
  for (const socket of sockets) socket.close(SERVICE_RESTART_CLOSE_CODE, 'The server is restarting: reconnect.');
  logger.log(`shutdown: closed ${sockets.length} live-update connection(s), asking their clients to reconnect`);
  for (const { name, run } of options.beforeClose ?? []) await step(logger, name, run);
  await step(logger, 'close the database pools, the update listener and the sweeps', () => app.close());
  for (const { name, run } of options.afterClose ?? []) await step(logger, name, run);
  logger.log('shutdown complete');
}
