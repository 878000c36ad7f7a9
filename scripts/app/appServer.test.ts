import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer, type AppServer } from './appServer';
import { precompress } from './precompress';

/** A raw GET (node:http does not decode), to see the encoding and bytes the server sends. */
const get = (url: string, headers: Record<string, string> = {}) =>
  new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((done, fail) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', fail)
      .end();
  });

describe("npm start's app server", () => {
  let dir: string;
  let app: AppServer;
  const script = `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Shop ${i}` })))};\n`;
  const html = `<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body>${'<p>app</p>'.repeat(120)}</body></html>`;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'app-server-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), html);
    writeFileSync(join(dir, 'assets', 'index-Ab12Cd34.js'), script);
    writeFileSync(join(dir, 'robots.txt'), 'User-agent: *\nDisallow:\n');
    await precompress(dir);
    app = await startAppServer(dir, '127.0.0.1', 0);
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('[PERF-1] sends a hashed asset brotli- or gzip-compressed, as the browser accepts, cached for a year without revalidation', async () => {
    const br = await get(`${app.url}/assets/index-Ab12Cd34.js`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public,max-age=31536000,immutable');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.body.length).toBeLessThan(script.length / 3);
    expect(brotliDecompressSync(br.body).toString()).toBe(script);

    const gz = await get(`${app.url}/assets/index-Ab12Cd34.js`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(script);

    const plain = await get(`${app.url}/assets/index-Ab12Cd34.js`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it('[PERF-1] answers every app path with index.html, revalidated on each load so a new build shows at once', async () => {
    for (const path of ['/', '/login/', '/consent-solutions/1/installation/']) {
      const page = await get(`${app.url}${path}`, { 'accept-encoding': 'br' });
      expect(page.status).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['cache-control']).toBe('public,max-age=0,must-revalidate');
      expect(brotliDecompressSync(page.body).toString()).toBe(html);
      const etag = page.headers.etag;
      expect(typeof etag).toBe('string');
      expect((await get(`${app.url}${path}`, { 'accept-encoding': 'br', 'if-none-match': String(etag) })).status).toBe(304);
    }
    expect((await get(`${app.url}/robots.txt`)).body.toString()).toContain('User-agent');
  });

  it('[PERF-1] answers a missing asset 404, never the page (a stale chunk fails as a script load), and refuses writes', async () => {
    const missing = await get(`${app.url}/assets/index-Old00000.js`);
    expect(missing.status).toBe(404);
    expect(missing.body.toString()).not.toContain('<html');
    const post = await new Promise<number>((done, fail) =>
      request(`${app.url}/`, { method: 'POST' }, (res) => done(res.statusCode ?? 0))
        .on('error', fail)
        .end(),
    );
    expect(post).toBe(405);
  });
});
