import { networkInterfaces } from 'node:os';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../createServer';
import type { ConsentSolutionRow } from '../store/types';
import { caller, type Call } from './consentApi';
import { login, messageKeys, multipart, postJson, rawMessageKeys, rawRequest } from './http';
import { devHeaders, startTestServer, TEST_APP_ORIGIN, TEST_BCRYPT_COST, TEST_DEV_SECRET, type TestServer } from './startTestServer';

let server: TestServer;
let owner: Call;
let ownerCookie = '';
beforeAll(async () => {
  server = await startTestServer();
  owner = await caller(server.baseUrl, 'owner@demo.test');
  ownerCookie = await login(server.baseUrl, 'owner@demo.test');
});
afterAll(() => server.close());

const port = () => new URL(server.baseUrl).port;
const solution = (id: number) => (server.store.state().consentSolutions as ConsentSolutionRow[]).find((s) => s.id === id);

/** This machine's first address that is not loopback, if it has one (a CI container has eth0). */
const lanAddress = Object.values(networkInterfaces())
  .flat()
  .find((entry) => entry?.family === 'IPv4' && !entry.internal)?.address;

describe('dev routes (SEC-4, DEPLOY-3)', () => {
  it('[SEC-4][DEPLOY-3] answer a loopback client with the run’s secret, but not one behind a proxy (forwarding headers)', async () => {
    expect((await fetch(`${server.baseUrl}/dev/outbox`, { headers: devHeaders() })).status).toBe(200);
    for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip']) {
      const res = await fetch(`${server.baseUrl}/dev/outbox`, { headers: { ...devHeaders(), [header]: '203.0.113.9' } });
      expect(res.status, header).toBe(404);
      const clock = await postJson(server.baseUrl, '/dev/clock', { advanceDays: 30 }, { ...devHeaders(), [header]: '203.0.113.9' });
      expect(clock.status, header).toBe(404);
    }
    expect(((await (await fetch(`${server.baseUrl}/dev/clock`, { headers: devHeaders() })).json()) as { offsetDays: number }).offsetDays).toBe(0);
  });

  it('[DEPLOY-3][SEC-4] a loopback client without the secret (a plain reverse proxy on the same host adds no header) gets 404, as does a wrong secret', async () => {
    const attempts: Record<string, string>[] = [{}, { 'x-dev-secret': '' }, { 'x-dev-secret': 'guess' }, { 'x-dev-secret': `${TEST_DEV_SECRET}x` }];
    for (const headers of attempts) {
      for (const path of ['/dev/outbox', '/dev/clock', '/dev/anything']) {
        const res = await fetch(`${server.baseUrl}${path}`, { headers });
        expect([res.status, await messageKeys(res)], `${path} ${JSON.stringify(headers)}`).toEqual([404, ['error.backend.not_found']]);
      }
      expect((await postJson(server.baseUrl, '/dev/clock', { advanceDays: 30 }, headers)).status).toBe(404);
    }
    expect(server.context.clock.offsetMs()).toBe(0);
    // Dev mode needs the secret: a server cannot be made with dev mode on and none (or a short one).
    for (const devSecret of [undefined, 'short']) {
      expect(() =>
        createServer({
          dbFile: server.dbFile,
          outboxFile: server.outboxFile,
          corsOrigins: [TEST_APP_ORIGIN],
          appUrl: TEST_APP_ORIGIN,
          devMode: true,
          devSecret,
        }),
      ).toThrow(/DEV_SECRET/);
    }
  });

  it.runIf(lanAddress)('[SEC-4] answer 404 to a client on the network, even with dev mode on and the secret', async () => {
    // Listen on every interface and call in from this machine's LAN address: not a loopback client.
    const probe = await startTestServer();
    const free = probe.baseUrl.split(':').at(-1) ?? '';
    await probe.close();
    const api = createServer({
      dbFile: server.dbFile,
      outboxFile: server.outboxFile,
      corsOrigins: [TEST_APP_ORIGIN],
      appUrl: TEST_APP_ORIGIN,
      devMode: true,
      devSecret: TEST_DEV_SECRET,
      bcryptCost: TEST_BCRYPT_COST,
      apiHost: '0.0.0.0',
      allowedHosts: [`${lanAddress}:${free}`, `127.0.0.1:${free}`],
    });
    const http = api.app.listen(Number(free), '0.0.0.0');
    await new Promise((resolve) => http.once('listening', resolve));
    try {
      const remote = `http://${lanAddress}:${(http.address() as AddressInfo).port}`;
      for (const path of ['/dev/outbox', '/dev/clock', '/dev/anything']) {
        const res = await rawRequest(`${remote}${path}`, { localAddress: lanAddress, headers: devHeaders() });
        expect([res.status, rawMessageKeys(res)], path).toEqual([404, ['error.backend.not_found']]);
      }
      const moved = await rawRequest(`${remote}/dev/clock`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...devHeaders() },
        body: '{"advanceDays":30}',
        localAddress: lanAddress,
      });
      expect(moved.status).toBe(404);
      expect(api.context.clock.offsetMs()).toBe(0);
      // The same server still serves the API to that client, and the dev routes to a local one.
      expect((await rawRequest(`${remote}/consent-solutions`, { localAddress: lanAddress })).status).toBe(401);
      expect((await rawRequest(`http://127.0.0.1:${free}/dev/outbox`, { headers: devHeaders() })).status).toBe(200);
    } finally {
      await new Promise((resolve) => {
        http.close(resolve);
        http.closeAllConnections();
      });
      await api.close();
    }
  });
});

describe('allowed hosts (SEC-4, DNS rebinding)', () => {
  it('[SEC-4] refuses a request whose Host is not the API’s (400 host_not_allowed), on every kind of route', async () => {
    for (const path of ['/dev/outbox', '/consent-solutions', '/cdn/1/banner.js', '/pricing']) {
      const res = await rawRequest(`${server.baseUrl}${path}`, { headers: { host: `rebound.example:${port()}`, cookie: ownerCookie } });
      expect([res.status, rawMessageKeys(res)], path).toEqual([400, ['error.backend.host_not_allowed']]);
    }
    const login = await rawRequest(`${server.baseUrl}/login_check`, {
      method: 'POST',
      headers: { host: 'rebound.example', 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'owner@demo.test', password: 'x' }),
    });
    expect(login.status).toBe(400);
  });

  it('[SEC-4] serves the API’s own host:port and localhost:port by default', async () => {
    for (const host of [`127.0.0.1:${port()}`, `localhost:${port()}`, `LOCALHOST:${port()}`]) {
      expect((await rawRequest(`${server.baseUrl}/dev/clock`, { headers: { host, ...devHeaders() } })).status, host).toBe(200);
    }
    expect((await rawRequest(`${server.baseUrl}/dev/clock`, { headers: { host: `127.0.0.1:${Number(port()) + 1}` } })).status).toBe(400);
  });

  it('[SEC-4] serves exactly the configured list (API_ALLOWED_HOSTS) when there is one', async () => {
    const api = await startTestServer({ allowedHosts: ['api.example.test', 'cdn.example.test:8443'] });
    try {
      expect((await rawRequest(`${api.baseUrl}/cdn/1/banner.js`, { headers: { host: 'cdn.example.test:8443' } })).status).not.toBe(400);
      expect((await rawRequest(`${api.baseUrl}/pricing`, { headers: { host: 'API.example.test' } })).status).toBe(401);
      expect((await rawRequest(`${api.baseUrl}/pricing`, { headers: { host: new URL(api.baseUrl).host } })).status).toBe(400);
    } finally {
      await api.close();
    }
  });
});

describe('origins of state-changing requests (SEC-5, CSRF)', () => {
  const patchName = (headers: Record<string, string>, name: string) =>
    fetch(`${server.baseUrl}/consent-solutions/1`, {
      method: 'PATCH',
      headers: { cookie: ownerCookie, 'content-type': 'application/merge-patch+json', ...headers },
      body: JSON.stringify({ name }),
    });

  it('[SEC-5] refuses a write with the victim’s cookies from a foreign Origin or Referer (403), and changes nothing', async () => {
    const before = solution(1)?.name;
    const foreign: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: 'http://127.0.0.1:5174' },
      { referer: 'https://evil.example/attack.html' },
      { origin: 'https://evil.example', referer: `${TEST_APP_ORIGIN}/consent-solutions` },
    ];
    for (const headers of foreign) {
      const res = await patchName(headers, 'Hijacked');
      expect([res.status, await messageKeys(res)], JSON.stringify(headers)).toEqual([403, ['error.backend.cross_site_request']]);
    }
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const res = await fetch(`${server.baseUrl}/consent-solutions/1${method === 'POST' ? '/push-for-consent' : ''}`, {
        method,
        headers: { cookie: ownerCookie, origin: 'https://evil.example' },
      });
      expect(res.status, method).toBe(403);
    }
    expect(solution(1)?.name).toBe(before);
  });

  it('[SEC-5] refuses a cross-site login, logout and recovery request too', async () => {
    const foreign = { origin: 'https://evil.example' };
    expect((await postJson(server.baseUrl, '/login_check', { email: 'owner@demo.test', password: 'x' }, foreign)).status).toBe(403);
    expect((await fetch(`${server.baseUrl}/logout`, { method: 'POST', headers: { cookie: ownerCookie, ...foreign } })).status).toBe(403);
    expect(
      (await fetch(`${server.baseUrl}/lost-password/send-email`, { method: 'POST', headers: foreign, body: multipart({ username: 'owner@demo.test' }) }))
        .status,
    ).toBe(403);
    expect((await owner('GET', '/consent-solutions/1')).status).toBe(200);
  });

  it('[SEC-5] accepts the app’s origin (Origin, or Referer alone) and requests with neither header (no web page)', async () => {
    expect((await patchName({ origin: TEST_APP_ORIGIN }, 'From the app')).status).toBe(200);
    expect(solution(1)?.name).toBe('From the app');
    expect((await patchName({ referer: `${TEST_APP_ORIGIN}/consent-solutions/1` }, 'From a referer')).status).toBe(200);
    expect((await patchName({}, 'From a script')).status).toBe(200);
    // Reads are not state-changing: any origin may send them (CORS decides who reads the answer).
    expect((await fetch(`${server.baseUrl}/consent-solutions/1`, { headers: { cookie: ownerCookie, origin: 'https://evil.example' } })).status).toBe(200);
  });
});

describe('content types of writes (SEC-5)', () => {
  const send = (method: string, path: string, contentType: string, body = 'x') =>
    fetch(`${server.baseUrl}${path}`, { method, headers: { cookie: ownerCookie, 'content-type': contentType }, body });

  it('[SEC-5] push for consent, template restore, translations and cookies import refuse text/plain (415) and change nothing', async () => {
    const template = await owner<{ id: number }>('POST', '/popup-templates', {
      name: 'Guarded',
      html: '<div>{{popup.bannerHeading}}</div>',
      css: 'div{}',
      js: 'root.dataset.ready = "1";',
      displayFunction: 'root.hidden = false;',
      hideFunction: 'root.hidden = true;',
    });
    expect(template.status).toBe(201);
    const snapshot = JSON.stringify(server.store.state());
    const csv = 'name,domain,category\n_ga,.demo-shop.test,statistics\n';
    for (const [path, body] of [
      ['/consent-solutions/1/push-for-consent', ''],
      [`/popup-templates/${template.body.id}/versions/1/restore`, ''],
      ['/consent-solutions/1/translations/import', 'key,language,text\npopup.bannerHeading,en,Hello\n'],
      ['/consent-solutions/1/cookies/import', csv],
    ] as const) {
      for (const type of ['text/plain', 'text/plain;charset=UTF-8', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
        const res = await send('POST', path, type, body);
        expect([res.status, await messageKeys(res)], `${path} ${type}`).toEqual([415, ['error.backend.unsupported_media_type']]);
      }
    }
    expect(JSON.stringify(server.store.state())).toBe(snapshot);
  });

  it('[SEC-5] every write refuses a preflight-free type or an undeclared body; the documented types still work', async () => {
    for (const [method, path] of [
      ['PATCH', '/consent-solutions/1'],
      ['PUT', '/consent-solutions/1'],
      ['POST', '/teammates'],
      ['POST', '/login_check'],
      ['DELETE', '/consent-solutions/1'],
    ] as const) {
      const res = await send(method, path, 'text/plain', '{"name":"x","email":"a@b.test"}');
      expect(res.status, `${method} ${path}`).toBe(415);
    }
    const undeclared = await fetch(`${server.baseUrl}/consent-solutions/1/push-for-consent`, {
      method: 'POST',
      headers: { cookie: ownerCookie },
      body: new Uint8Array([123, 125]),
    });
    expect(undeclared.status).toBe(415);

    expect((await owner('POST', '/consent-solutions/1/push-for-consent')).status).toBe(200);
    expect((await send('POST', '/consent-solutions/1/push-for-consent', 'application/ld+json', '')).status).toBe(200);
    expect(
      (await send('POST', '/consent-solutions/1/translations/import?dryRun=true', 'text/csv', 'key,language,text\npopup.bannerHeading,en,Hello\n')).status,
    ).toBe(200);
    expect((await fetch(`${server.baseUrl}/lost-password/send-email`, { method: 'POST', body: multipart({ username: 'owner@demo.test' }) })).status).toBe(200);
  });
});
