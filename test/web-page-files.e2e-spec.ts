/**
 * The web page's files as a browser fetches them from the running server:
 * compressed as the browser allows (the build compressed them once), cached
 * for good when their names carry their content's hash, and the page's own
 * paths answered with index.html.
 */
import { request } from 'node:http';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { WEB_BUILD_DIR } from '../src/web/serve-web-app';
import { startTestServer, TestServer } from './support/app';

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET with exactly the Accept-Encoding given (fetch would add its own and decompress). */
function get(origin: string, path: string, acceptEncoding?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
    request(new URL(path, origin), { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

describe("The web page's files", () => {
  let server: TestServer;
  let origin: string;
  const indexHtml = readFileSync(join(WEB_BUILD_DIR, 'index.html'), 'utf8');
  const scriptPath = indexHtml.match(/src="(\/assets\/[^"]+\.js)"/)![1];
  const script = readFileSync(join(WEB_BUILD_DIR, scriptPath));

  beforeAll(async () => {
    server = await startTestServer({ web: true });
    origin = new URL(server.url).origin;
  });

  afterAll(() => server.close());

  it('sends the script brotli-compressed to a browser that takes brotli, the same bytes once decompressed', async () => {
    const answer = await get(origin, scriptPath, 'gzip, deflate, br, zstd');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(answer.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(answer.body.length).toBeLessThan(script.length / 3);
    expect(brotliDecompressSync(answer.body).equals(script)).toBe(true);
  });

  it('sends it gzipped to one that takes gzip only, and whole to one that takes neither', async () => {
    const gzipped = await get(origin, scriptPath, 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.body).equals(script)).toBe(true);

    const plain = await get(origin, scriptPath);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(script)).toBe(true);
  });

  it('lets browsers keep files named by their content for good, and ask again for the rest', async () => {
    expect((await get(origin, scriptPath, 'br')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get(origin, '/favicon.svg', 'br')).headers['cache-control']).toBe('no-cache');
  });

  it("is split so that no script passes Vite's 500 kB warning, and index.html asks for every part at once", () => {
    const scripts = readdirSync(join(WEB_BUILD_DIR, 'assets')).filter((name) => name.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(1);
    const tooLarge = scripts.map((name) => [name, statSync(join(WEB_BUILD_DIR, 'assets', name)).size]).filter(([, bytes]) => Number(bytes) >= 500_000);
    expect(tooLarge).toEqual([]);
    for (const name of scripts) expect(indexHtml).toContain(`/assets/${name}"`);
  });

  it("answers the page's own paths with index.html, and leaves other paths to the server", async () => {
    for (const path of ['/', '/games/some-game', '/settings', '/groups/some-group', '/groups/join/some-code']) {
      const answer = await get(origin, path, 'br');
      expect(answer.status).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(answer.body.toString('utf8')).toBe(indexHtml);
    }
    expect((await get(origin, '/nothing-here', 'br')).status).toBe(404);
  });

  it('answers a browser at an address nothing answers with the page (which says so) and 404, and anything else as before', async () => {
    const asked = (path: string, accept: string) => fetch(new URL(path, origin), { headers: { accept } });
    const browser = await asked('/no/such/page', 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8');
    expect(browser.status).toBe(404);
    expect(await browser.text()).toBe(indexHtml);
    const script = await asked('/no/such/page', '*/*');
    expect(script.status).toBe(404);
    expect(await script.json()).toMatchObject({ statusCode: 404 });
    // A route of the server's that says "not found" itself still answers for itself.
    const record = await asked('/games/00000000-0000-0000-0000-000000000000/record.json', 'text/html');
    expect(record.status).toBe(404);
    expect(record.headers.get('content-type')).toMatch(/json/);
  });
});
