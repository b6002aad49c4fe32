/**
 * A push service stand-in on loopback (the part of FCM or Mozilla's
 * autopush a server talks to): takes pushes at any path, answers each path
 * as the test says (201 unless told), and keeps what it received. With the
 * browser side's keys (browserKeys), a test decrypts a push as the browser
 * would (RFC 8291, by http_ece) and reads what it says.
 */
import { createECDH, ECDH, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decrypt } from 'http_ece';
import { until } from './until';

export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A browser's side of a subscription: its P-256 key pair and auth secret, and the keys as PushSubscription.toJSON gives them. */
export interface BrowserKeys {
  ecdh: ECDH;
  p256dh: string;
  auth: string;
}

export function browserKeys(): BrowserKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { ecdh, p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

/** What a push says, decrypted with the browser's keys as the browser would. */
export function readPush(push: ReceivedPush, keys: BrowserKeys): Record<string, any> {
  return JSON.parse(decrypt(push.body, { version: 'aes128gcm', privateKey: keys.ecdh, authSecret: keys.auth }).toString('utf8'));
}

export class PushServiceStandIn {
  readonly received: ReceivedPush[] = [];
  /** Statuses to answer at a path, one per push, in order; then 201. */
  private readonly answers = new Map<string, number[]>();

  private constructor(private readonly server: Server) {}

  static async start(): Promise<PushServiceStandIn> {
    const server = createServer();
    const standIn = new PushServiceStandIn(server);
    server.on('request', (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const path = request.url ?? '/';
        const status = standIn.answers.get(path)?.shift() ?? 201;
        if (status < 300) standIn.received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
        response.writeHead(status).end();
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    return standIn;
  }

  /** A new endpoint (a browser's), answering `statuses` to its first pushes. */
  endpoint(statuses: number[] = []): string {
    const path = `/push/${randomBytes(8).toString('hex')}`;
    this.answers.set(path, [...statuses]);
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}${path}`;
  }

  /** The pushes `endpoint` took. */
  to(endpoint: string): ReceivedPush[] {
    const path = new URL(endpoint).pathname;
    return this.received.filter((push) => push.path === path);
  }

  async waitFor(endpoint: string, count = 1): Promise<ReceivedPush[]> {
    await until(() => this.to(endpoint).length >= count, `${endpoint} has taken ${count} push(es)`);
    return this.to(endpoint);
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}
