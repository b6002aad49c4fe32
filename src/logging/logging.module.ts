/**
 * Logs through pino (nestjs-pino): one line per HTTP request, with its
 * request id, status and time, at `debug` (a failed one at `error`), and at
 * `info` one line a minute that sums them up (request-summary.ts); every
 * other log line written while a request is handled carries the same id
 * (`reqId`). `LOG_FORMAT=json` writes JSON lines for a log collector; `text`
 * (the default) one readable line each.
 *
 * The request id is the caller's `X-Request-Id` when it looks like one (a
 * proxy in front may set it), or a new UUID; it is sent back in the same
 * header, and an unexpected error's response carries it too, so a player's
 * report can be matched to the log.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { DynamicModule, Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import pino from 'pino';
import pretty from 'pino-pretty';
import { RequestSummary } from './request-summary';
import { SocketRequestLog } from './socket-request-log';

export const LOG_FORMATS = ['text', 'json'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface LogOptions {
  format: LogFormat;
  level: LogLevel | 'silent';
}

/** What tests get unless they ask: nothing. */
export const SILENT: LogOptions = { format: 'json', level: 'silent' };

const REQUEST_ID_HEADER = 'x-request-id';
const ACCEPTED_REQUEST_ID = /^[\w.:-]{1,100}$/;
/** Probes and scrapes come every few seconds; their lines would drown the players' requests. */
const UNLOGGED_PATHS = /^\/(health\/|metrics\b)/;

type Request = IncomingMessage & { originalUrl?: string; body?: { operationName?: unknown } };

function requestId(req: IncomingMessage, res: ServerResponse): string {
  const given = req.headers[REQUEST_ID_HEADER];
  const id = typeof given === 'string' && ACCEPTED_REQUEST_ID.test(given) ? given : randomUUID();
  res.setHeader('X-Request-Id', id);
  return id;
}

/** The GraphQL operation's name, when the client gave one: "which request was that" at a glance. */
function operationOf(req: Request): string | undefined {
  const name = req.body?.operationName;
  return typeof name === 'string' ? name.slice(0, 100) : undefined;
}

/** How a `text` line reads: one line, the local time, no pid or host name. */
const TEXT_LINES = { singleLine: true, colorize: false, translateTime: 'SYS:standard', ignore: 'pid,hostname' };

/**
 * The process's logger (main.ts logs through it before the app exists, the
 * app after), to stdout unless told. Text is formatted by pino-pretty in a
 * worker thread of its own: on the server's thread it was about a tenth of
 * a move's CPU (bench/README.md, item 35). pino has the worker write out
 * what it holds when the process exits, a fatal line included; only a kill
 * -9 can lose the last lines. Given a destination (tests), text is
 * formatted where it is logged.
 */
export function createLogger(options: LogOptions, destination?: pino.DestinationStream): pino.Logger {
  if (options.format === 'json') return pino({ level: options.level }, destination ?? pino.destination({ sync: true }));
  if (destination) return pino({ level: options.level }, pretty({ ...TEXT_LINES, sync: true, destination }));
  return pino({ level: options.level }, pino.transport({ target: 'pino-pretty', options: TEXT_LINES }));
}

/**
 * A request's path for its log line, without its query: links carry their
 * secrets there (an unsubscribe token, the mail catcher's key, an invite code).
 */
export function loggedPath(url: string | undefined): string {
  const path = url ?? '';
  const query = path.indexOf('?');
  return query === -1 ? path : `${path.slice(0, query)}?…`;
}

/** What pino-http hands the request's line: the answer's time among it. */
interface RequestLine {
  responseTime: number;
}

/** A request whose answer is a server error (pino-http's own rule for its error lines). */
function failed(res: ServerResponse & { err?: unknown }, error?: Error): boolean {
  return Boolean(error || res.err) || res.statusCode >= 500;
}

@Module({})
class LoggingModule {}

/** Global: the API's WebSocket logs the requests it serves (socket-request-log.ts) in the same summary. */
export function loggingModule(logger: pino.Logger): DynamicModule {
  const summary = new RequestSummary(logger.child({ context: 'Requests' }));
  return {
    module: LoggingModule,
    global: true,
    imports: [requestLog(logger, summary)],
    providers: [
      { provide: RequestSummary, useValue: summary },
      { provide: SocketRequestLog, useValue: new SocketRequestLog(logger, summary) },
    ],
    exports: [SocketRequestLog],
  };
}

function requestLog(logger: pino.Logger, summary: RequestSummary): DynamicModule {
  return LoggerModule.forRoot({
    pinoHttp: {
      logger,
      genReqId: requestId,
      // Lines logged while handling a request carry its id only, not the whole request again.
      quietReqLogger: true,
      customLogLevel: (_req: Request, res: ServerResponse, error?: Error) => (failed(res, error) ? 'error' : 'debug'),
      // On the request's line alone, not as bindings (customProps): those cost two more child loggers per request.
      customSuccessObject: (req: Request, _res: ServerResponse, line: RequestLine) => {
        summary.answered(line.responseTime, false);
        return { ...line, operation: operationOf(req) };
      },
      customErrorObject: (req: Request, _res: ServerResponse, _error: Error, line: RequestLine) => {
        summary.answered(line.responseTime, true);
        return { ...line, operation: operationOf(req) };
      },
      autoLogging: { ignore: (req: Request) => UNLOGGED_PATHS.test(req.originalUrl ?? req.url ?? '') },
      // Never the headers (players' bearer tokens), nor the query (links' secrets).
      serializers: {
        req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: loggedPath(req.url) }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
      customSuccessMessage: (req: Request, res: ServerResponse, ms: number) =>
        `${req.method} ${loggedPath(req.originalUrl ?? req.url)} ${res.statusCode} ${Math.round(ms)} ms`,
      customErrorMessage: (req: Request, res: ServerResponse) => `${req.method} ${loggedPath(req.originalUrl ?? req.url)} ${res.statusCode}`,
    },
  });
}
