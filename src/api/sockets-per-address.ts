/**
 * How many live-update sockets one client address holds open. A socket
 * costs the server memory for as long as it stays open, and one that has
 * said hello may stay open for good without subscribing to anything: without
 * a cap, one client could hold thousands. A player's tabs and devices, and a
 * household's behind one router, need a handful.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import proxyAddr from 'proxy-addr';

export const SOCKETS_PER_ADDRESS = 50;

/** Express's compiled `trust proxy` setting (`app.get('trust proxy fn')`). */
export type TrustProxy = (address: string, hop: number) => boolean;

/**
 * The address of the client that asked for a socket: the socket's peer, or
 * the one TRUST_PROXY's proxies name in X-Forwarded-For, worked out as
 * Express works out `req.ip` for HTTP requests (both use proxy-addr).
 */
export function socketClientAddress(request: IncomingMessage, trust: TrustProxy): string {
  return request.socket.remoteAddress ? proxyAddr(request, trust) : 'unknown';
}

export class SocketsPerAddress {
  private readonly open = new Map<string, number>();

  /**
   * Counts `socket`, the upgrade's connection, against `address` until it
   * closes (whether or not it becomes a WebSocket), or says false, counting
   * nothing, when that address already holds SOCKETS_PER_ADDRESS.
   */
  admit(address: string, socket: Duplex): boolean {
    const count = this.open.get(address) ?? 0;
    if (count >= SOCKETS_PER_ADDRESS) return false;
    this.open.set(address, count + 1);
    socket.once('close', () => this.release(address));
    return true;
  }

  private release(address: string): void {
    const count = this.open.get(address)! - 1;
    if (count > 0) this.open.set(address, count);
    else this.open.delete(address);
  }
}
