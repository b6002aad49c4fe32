/**
 * A chat service on loopback, for webhook tests: records every request, and
 * answers as Discord does on /discord (a message posted with `?wait=true`,
 * then edited at /discord/messages/<id>).
 */
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** Answers `failWith` while it is set. */
export class ChannelSink {
  readonly received: Received[] = [];
  failWith: number | null = null;
  private readonly messages = new Map<string, string>();
  private nextMessage = 1;
  private constructor(private readonly server: Server) {}

  static async start(): Promise<ChannelSink> {
    const sink: ChannelSink = new ChannelSink(createServer((request, response) => void sink.answer(request, response)));
    await new Promise<void>((resolve) => sink.server.listen(0, '127.0.0.1', resolve));
    return sink;
  }

  url(path: string): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}${path}`;
  }

  /** Deletes a Discord message, as a channel's moderator may. */
  deleteMessage(id: string): void {
    this.messages.delete(id);
  }

  messageText(id: string): string | undefined {
    return this.messages.get(id);
  }

  private async answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const url = new URL(request.url!, 'http://sink');
    this.received.push({ method: request.method!, path: url.pathname + url.search, headers: request.headers, body });
    if (this.failWith) return void response.writeHead(this.failWith).end();
    const edit = /^\/discord\/messages\/(\w+)$/.exec(url.pathname);
    if (edit && request.method === 'PATCH') {
      if (!this.messages.has(edit[1])) return void response.writeHead(404).end();
      this.messages.set(edit[1], (JSON.parse(body) as { content: string }).content);
      return void response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: edit[1] }));
    }
    if (url.pathname === '/discord' && url.searchParams.get('wait') === 'true') {
      const id = String(this.nextMessage++);
      this.messages.set(id, (JSON.parse(body) as { content: string }).content);
      return void response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id }));
    }
    response.writeHead(204).end();
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
