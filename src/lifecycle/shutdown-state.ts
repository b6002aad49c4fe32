import type { WebSocket } from 'ws';

/**
 * What a shutdown needs to know of the running server: whether it has begun
 * (from then on the server is not ready for new players), the live-update
 * sockets to close, and the requests still being answered.
 */
export class ShutdownState {
  stopping = false;
  readonly sockets = new Set<WebSocket>();
  private inFlight = 0;
  private drained: (() => void) | null = null;

  /** Counts a request until its response is finished or its connection closes. */
  requestStarted(done: (onDone: () => void) => void): void {
    this.inFlight++;
    let counted = true;
    done(() => {
      if (!counted) return;
      counted = false;
      this.inFlight--;
      if (this.inFlight === 0) this.drained?.();
    });
  }

  get requestsInFlight(): number {
    return this.inFlight;
  }

  /** Resolves once no request is being answered, or after `timeoutMs`; says whether all finished. */
  async requestsFinished(timeoutMs: number): Promise<boolean> {
    if (this.inFlight === 0) return true;
    return new Promise((resolve) => {
      const timer = setTimeout(() => finish(false), timeoutMs);
      const finish = (all: boolean) => {
        clearTimeout(timer);
        this.drained = null;
        resolve(all);
      };
      this.drained = () => finish(true);
    });
  }

  /** A live-update socket, kept until it closes, so that a shutdown can close it with a reason. */
  socketOpened(socket: WebSocket): void {
    this.sockets.add(socket);
    socket.once('close', () => this.sockets.delete(socket));
  }
}
