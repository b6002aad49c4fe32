/**
 * URLs given to the server (push endpoints, webhooks) cannot make it call
 * this machine or the network behind it: refused when given, and refused at
 * connect time whatever the name resolves to by then. Real HTTP servers on
 * loopback, real DNS resolution of `localhost`.
 */
import { once } from 'node:events';
import { createServer as createHttpServer, Server } from 'node:http';
import { AddressInfo, createServer as createTcpServer, Server as TcpServer } from 'node:net';
import { OutboundHttp, OutboundUrlRefused } from '../src/outbound/outbound-http';

const guarded = new OutboundHttp({ allowPrivate: false });
const open = new OutboundHttp({ allowPrivate: true });

async function listening<T extends Server | TcpServer>(server: T): Promise<T & { port: number }> {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return Object.assign(server, { port: (server.address() as AddressInfo).port });
}

describe('a URL the server is given', () => {
  const refusals: Array<[string, RegExp]> = [
    ['not a url', /not a web address/],
    ['http://example.org/push', /Only https/],
    ['ftp://example.org/push', /Only https/],
    ['https://user:secret@example.org/push', /user name or password/],
    ['https://localhost/push', /localhost cannot be called: 127\.0\.0\.1 is a private or reserved address/],
    ['https://127.0.0.1/push', /127\.0\.0\.1 is a private or reserved address/],
    ['https://[::1]/push', /::1 is a private or reserved address/],
    ['https://10.0.0.7/push', /private or reserved/],
    ['https://100.64.0.1/push', /private or reserved/],
    ['https://192.168.0.1/push', /private or reserved/],
    ['https://[fe80::1]/push', /private or reserved/],
    ['https://[::ffff:127.0.0.1]/push', /private or reserved/],
    ['https://169.254.169.254/latest/meta-data', /cloud metadata address/],
    ['https://[fd00:ec2::254]/latest/meta-data', /cloud metadata address/],
    ['https://no-such-host.invalid/push', /cannot be found/],
    [`https://example.org/${'x'.repeat(2100)}`, /longer than 2048/],
  ];
  it.each(refusals)('is refused when given: %s', async (url, reason) => {
    await expect(guarded.check(url)).rejects.toThrow(OutboundUrlRefused);
    await expect(guarded.check(url)).rejects.toThrow(reason);
  });

  it('is taken when it is https to a public address', async () => {
    await expect(guarded.check('https://8.8.8.8/push')).resolves.toEqual(new URL('https://8.8.8.8/push'));
  });

  it('may be plain http and private where the operator allows it, but never the metadata service', async () => {
    await expect(open.check('http://localhost:8080/push')).resolves.toBeInstanceOf(URL);
    await expect(open.check('https://10.0.0.7/push')).resolves.toBeInstanceOf(URL);
    await expect(open.check('http://169.254.169.254/latest/meta-data')).rejects.toThrow(/cloud metadata address/);
    await expect(open.check('ftp://localhost/push')).rejects.toThrow(/Only https/);
  });
});

describe('a call to a URL', () => {
  let tcp: TcpServer & { port: number };
  let connections = 0;
  let http: Server & { port: number };

  beforeAll(async () => {
    tcp = await listening(createTcpServer((socket) => (connections++, socket.destroy())));
    http = await listening(
      createHttpServer((request, response) => {
        if (request.url === '/silent') return; // never answers
        if (request.url === '/large') return void response.end(Buffer.alloc(100_000, 'x'));
        request.pipe(response.writeHead(201, { 'x-seen': request.method ?? '' }));
      }),
    );
  });
  afterAll(async () => {
    http.closeAllConnections();
    await Promise.all([new Promise((done) => tcp.close(done)), new Promise((done) => http.close(done))]);
  });

  it('is refused at connect time when the name resolves to loopback (as after DNS rebinding), and nothing is reached', async () => {
    // `request` is what delivery calls: no check when given stands between it and the address.
    await expect(guarded.request(`https://localhost:${tcp.port}/push`, { method: 'POST', body: 'x' })).rejects.toThrow(/is not allowed/);
    await expect(guarded.request(`https://127.0.0.1:${tcp.port}/push`, { method: 'POST', body: 'x' })).rejects.toThrow(/is not allowed/);
    await expect(guarded.request(`http://127.0.0.1:${tcp.port}/push`, { method: 'POST' })).rejects.toThrow(/Only https/);
    expect(connections).toBe(0);
  });

  it('is made where private addresses are allowed, and reads the answer', async () => {
    const response = await open.request(`http://localhost:${http.port}/echo`, { method: 'POST', body: 'hello' });
    expect(response).toMatchObject({ status: 201, headers: expect.objectContaining({ 'x-seen': 'POST' }) });
    expect(response.body.toString()).toBe('hello');
  });

  it('refuses the metadata address at connect time even where private addresses are allowed', async () => {
    await expect(open.request('http://169.254.169.254/latest/meta-data', { method: 'GET' })).rejects.toThrow(/denyIPAddressList/);
  });

  it('gives up on a server that does not answer in time', async () => {
    await expect(open.request(`http://localhost:${http.port}/silent`, { method: 'GET', timeoutMs: 300 })).rejects.toThrow(/did not answer in time/);
  });

  it('stops reading an answer larger than its limit', async () => {
    await expect(open.request(`http://localhost:${http.port}/large`, { method: 'GET', maxResponseBytes: 1024 })).rejects.toThrow(/more than 1024 bytes/);
  });
});
