/**
 * The one way the server calls a URL someone gave it (a push endpoint, a
 * webhook), so that none can make it reach this machine, the network
 * behind it or the cloud's metadata service (server-side request forgery).
 *
 * Twice checked: when the URL is given (`check`: https only, and every
 * address its name resolves to public), so that a refusal is told at once
 * and nothing is stored; and at each call (`request`), against the address
 * actually connected to (request-filtering-agent checks it in the socket's
 * own DNS lookup), so that a name that resolved to a public address then
 * and to a private one now (DNS rebinding) is refused too. A call has a
 * timeout and a limit on the size of the answer it reads.
 *
 * OUTBOUND_ALLOW_PRIVATE lifts the address and https rules (tests, private
 * servers), never the refusal of metadata addresses.
 */
import { Inject, Injectable } from '@nestjs/common';
import { lookup } from 'node:dns/promises';
import { Agent, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { METADATA_ADDRESSES, refusedAddress } from './refused-addresses';
import { OUTBOUND_OPTIONS, OutboundOptions } from './outbound-options';

/** Longer URLs are refused: no push service or chat service gives one near it. */
const MAX_URL_LENGTH = 2048;
const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024;

/** A URL the server will not call, with why, in words for the person who gave it. */
export class OutboundUrlRefused extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'OutboundUrlRefused';
  }
}

export interface OutboundRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  headers?: Record<string, string | number>;
  body?: Buffer | string;
  /** From the start of the call to the last byte of the answer. */
  timeoutMs?: number;
  /** More of an answer than this ends the call with an error. */
  maxResponseBytes?: number;
}

export interface OutboundResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

@Injectable()
export class OutboundHttp {
  private readonly allowPrivate: boolean;
  private readonly agents: { 'http:': Agent; 'https:': Agent };

  constructor(@Inject(OUTBOUND_OPTIONS) options: OutboundOptions) {
    this.allowPrivate = options.allowPrivate;
    const filter = { allowPrivateIPAddress: this.allowPrivate, denyIPAddressList: METADATA_ADDRESSES, keepAlive: true };
    this.agents = { 'http:': new RequestFilteringHttpAgent(filter), 'https:': new RequestFilteringHttpsAgent(filter) };
  }

  /**
   * The URL, if the server may call it: well formed, https (or http where
   * private addresses are allowed), with no password in it, and a name that
   * resolves only to addresses it may reach. Otherwise OutboundUrlRefused.
   */
  async check(raw: string): Promise<URL> {
    const url = this.parse(raw);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const addresses = isIP(host) ? [host] : await resolve(host);
    for (const address of addresses) {
      const refusal = refusedAddress(address, this.allowPrivate);
      if (refusal) throw new OutboundUrlRefused(`${url.hostname} cannot be called: ${refusal}.`);
    }
    return url;
  }

  /** Calls `raw` (checked again: the address connected to, at connect time); a refusal or a failure is an error. */
  async request(raw: string, init: OutboundRequest): Promise<OutboundResponse> {
    const url = this.parse(raw);
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const maxBytes = init.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
    return new Promise((resolve, reject) => {
      const call = send(url, { method: init.method, headers: init.headers, agent: this.agents[url.protocol as 'http:' | 'https:'] }, (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) call.destroy(new Error(`${url.host} answered with more than ${maxBytes} bytes`));
          else chunks.push(chunk);
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
        response.on('error', reject);
      });
      call.setTimeout(init.timeoutMs ?? DEFAULT_TIMEOUT_MS, () => call.destroy(new Error(`${url.host} did not answer in time`)));
      call.on('error', reject);
      call.end(init.body);
    });
  }

  private parse(raw: string): URL {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new OutboundUrlRefused('This is not a web address.');
    }
    if (raw.length > MAX_URL_LENGTH) throw new OutboundUrlRefused(`The address is longer than ${MAX_URL_LENGTH} characters.`);
    const protocols = this.allowPrivate ? ['https:', 'http:'] : ['https:'];
    if (!protocols.includes(url.protocol)) throw new OutboundUrlRefused('Only https addresses can be called.');
    if (url.username || url.password) throw new OutboundUrlRefused('The address may not hold a user name or password.');
    return url;
  }
}

/** Every address `host` resolves to; a name that does not resolve is refused. */
async function resolve(host: string): Promise<string[]> {
  try {
    return (await lookup(host, { all: true, verbatim: true })).map(({ address }) => address);
  } catch {
    throw new OutboundUrlRefused(`${host} cannot be found.`);
  }
}
