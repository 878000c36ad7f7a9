import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cookieCreateBody as cookieBody, createBody, SEED } from './consentApi';
import { login, messageKeys, multipart, postJson, violationsOf } from './http';
import { startTestServer, TEST_APP_ORIGIN, type TestServer } from './startTestServer';

/**
 * The chain in front of json-server (collections/) on the real plain collections:
 * consent solutions, domains and cookies. Seed: account 1 (owner) owns solutions 1-3 and
 * domains 1-7, account 2 (other) solution 4 with domain 8.
 */

let server: TestServer;
let owner: string;
let other: string;

beforeAll(async () => {
  server = await startTestServer();
  [owner, other] = await Promise.all([login(server.baseUrl, 'owner@demo.test'), login(server.baseUrl, 'other@demo.test')]);
});
afterAll(() => server.close());

interface CookieJson {
  id: number;
  accountId: number;
  consentSolutionId: number;
  name: string;
  expiryDays: number | null;
}

const url = (path: string) => `${server.baseUrl}${path}`;
const createCookie = async (cookie: string, consentSolutionId: number, name: string, extra: Record<string, unknown> = {}): Promise<CookieJson> => {
  const res = await postJson(server.baseUrl, '/cookies', cookieBody(consentSolutionId, name, extra), { cookie });
  expect(res.status).toBe(201);
  return (await res.json()) as CookieJson;
};
const ownerCookie = (name: string, extra: Record<string, unknown> = {}) => createCookie(owner, 1, name, extra);
const get = (path: string, cookie = owner) => fetch(url(path), { headers: { cookie } });

describe('plain collections behind the chain', () => {
  it('[ROLE-3] lists only the caller’s rows, with X-Total-Count counting only those', async () => {
    for (const name of ['sec_a3', 'sec_a1', 'sec_a2']) await ownerCookie(name);
    await createCookie(other, SEED.otherSolution, 'sec_a0');
    const res = await get('/cookies?q=sec_a&_page=1&_limit=2&_sort=name&_order=asc');
    expect(res.status).toBe(200);
    const rows = (await res.json()) as CookieJson[];
    expect(rows.map((r) => r.name)).toEqual(['sec_a1', 'sec_a2']);
    expect(res.headers.get('x-total-count')).toBe('3');
    for (const path of ['/cookies', '/domains', '/consent-solutions']) {
      const page = await get(`${path}?_start=0&_end=1`);
      const all = (await (await get(`${path}?_start=0&_end=1000`)).json()) as { accountId: number }[];
      expect(all.length, path).toBeGreaterThan(0);
      expect(page.headers.get('x-total-count'), path).toBe(String(all.length));
      expect(
        all.every((r) => r.accountId === 1),
        path,
      ).toBe(true);
    }
  });

  it('[ROLE-3] answers 404 for GET/PUT/PATCH/DELETE of another account’s row, which stays intact', async () => {
    const theirs = await createCookie(other, SEED.otherSolution, 'private');
    const targets = [
      { path: `/consent-solutions/${SEED.otherSolution}`, key: 'error.backend.consent_solution_not_found', body: { name: 'hijack' } },
      { path: `/domains/${SEED.otherDomain}`, key: 'error.backend.not_found', body: { scanDepth: 1 } },
      { path: `/cookies/${theirs.id}`, key: 'error.backend.cookie_not_found', body: { name: 'hijack' } },
    ];
    for (const { path, key, body } of targets) {
      const before = await (await get(path, other)).text();
      for (const method of ['GET', 'PUT', 'PATCH', 'DELETE']) {
        const res = await fetch(url(path), {
          method,
          headers: { cookie: owner, 'content-type': 'application/json' },
          body: method === 'PUT' || method === 'PATCH' ? JSON.stringify(body) : undefined,
        });
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(await messageKeys(res)).toEqual([key]);
      }
      expect(await (await get(path, other)).text(), path).toBe(before);
    }
  });

  it('[ROLE-3] POST ignores an id and accountId chosen by the body; PATCH cannot move a row', async () => {
    const existing = await createCookie(other, SEED.otherSolution, 'victim');
    const row = await ownerCookie('x', { id: existing.id, accountId: 2 });
    expect(row.id).not.toBe(existing.id);
    expect(row.accountId).toBe(1);
    const patched = await fetch(url(`/cookies/${row.id}`), {
      method: 'PATCH',
      headers: { cookie: owner, 'content-type': 'application/merge-patch+json' },
      body: JSON.stringify({ accountId: 2, consentSolutionId: SEED.otherSolution, name: 'y' }),
    });
    expect(await patched.json()).toMatchObject({ id: row.id, accountId: 1, consentSolutionId: 1, name: 'y' });

    const solution = await postJson(
      server.baseUrl,
      '/consent-solutions',
      createBody('ignored-owner.com', {}, { name: 'Mine', id: SEED.otherSolution, accountId: 2 }),
      { cookie: owner },
    );
    expect(solution.status).toBe(201);
    expect(await solution.json()).toMatchObject({ accountId: 1, name: 'Mine' });
    expect((await get(`/consent-solutions/${SEED.otherSolution}`, other)).status).toBe(200);
  });

  it('[ROLE-3] the owner can read, replace, patch and delete its own row', async () => {
    const row = await ownerCookie('mine', { expiryDays: 1 });
    const send = (method: string, body?: unknown) =>
      fetch(url(`/cookies/${row.id}`), {
        method,
        headers: { cookie: owner, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    expect(await (await send('GET')).json()).toMatchObject({ id: row.id, name: 'mine', expiryDays: 1 });
    // PUT is PATCH (react-admin's json-server provider): absent keys keep their value.
    expect(await (await send('PUT', { name: 'replaced' })).json()).toMatchObject({ id: row.id, name: 'replaced', expiryDays: 1, accountId: 1 });
    expect(await (await send('PATCH', { expiryDays: 5 })).json()).toMatchObject({ id: row.id, name: 'replaced', expiryDays: 5, accountId: 1 });
    const removed = await send('DELETE');
    expect(removed.status).toBe(204);
    expect(await removed.text()).toBe('');
    expect((await send('GET')).status).toBe(404);
  });

  it('[ROLE-3][SEC-2] a delete removes its row and what it owns, never rows of other collections (no json-server sweep)', async () => {
    const row = await ownerCookie('to_delete');
    // A row elsewhere whose *Id field points nowhere: json-server's sweep would erase it.
    server.store.rows('notes').push({ id: 1, accountId: null, cookieId: row.id, text: 'keep me' } as never);
    const ids = (except: string) =>
      Object.entries(server.store.state())
        .filter(([name, rows]) => name !== except && Array.isArray(rows))
        .flatMap(([name, rows]) => (rows as { id: unknown }[]).map((r) => `${name}:${String(r.id)}`));
    const before = ids('cookies');
    const res = await fetch(url(`/cookies/${row.id}`), { method: 'DELETE', headers: { cookie: owner } });
    expect(res.status).toBe(204);
    const after = new Set(ids('cookies'));
    expect(before.filter((id) => !after.has(id))).toEqual([]);
  });

  it('[ENT-1][ENT-7] a rule and json-server’s write are one step: parallel creates of one domain or one cookie, one succeeds', async () => {
    const domain = { consentSolutionId: 1, canonicalDomain: 'race-shop.com', type: 'website', defaultLanguage: 'en', scanDepth: 500, scanFrequency: 7 };
    const domains = await Promise.all(Array.from({ length: 10 }, () => postJson(server.baseUrl, '/domains', domain, { cookie: owner })));
    expect(domains.map((r) => r.status).sort()).toEqual([201, ...Array<number>(9).fill(409)]);
    const cookies = await Promise.all(Array.from({ length: 10 }, () => postJson(server.baseUrl, '/cookies', cookieBody(1, 'race_cookie'), { cookie: owner })));
    expect(cookies.map((r) => r.status).sort()).toEqual([201, ...Array<number>(9).fill(409)]);
    // A new solution is never seen without its first domain.
    const created = postJson(server.baseUrl, '/consent-solutions', createBody('race-solution.com'), { cookie: owner });
    const seen = await Promise.all(Array.from({ length: 20 }, () => get('/consent-solutions?q=race-solution&_start=0&_end=5')));
    await created;
    for (const res of seen) for (const solution of (await res.json()) as { domains: unknown[] }[]) expect(solution.domains).toHaveLength(1);
  });

  it('[ENT-8] validates bodies with the shared schema: 400 violations with propertyPath and messageKey', async () => {
    const res = await postJson(server.baseUrl, '/cookies', cookieBody(1, ''), { cookie: owner });
    expect(res.status).toBe(400);
    expect(await violationsOf(res)).toEqual([{ propertyPath: 'name', messageKey: 'validation.cookie_name_required' }]);
  });

  it('[ROLE-3] the demo role is read-only: writes answer 403 permission_denied', async () => {
    const demo = await login(server.baseUrl, 'demo@demo.test');
    for (const [path, body] of [
      ['/cookies', cookieBody(1, 'demo')],
      ['/domains', { consentSolutionId: 1, canonicalDomain: 'demo-readonly.com', type: 'website', scanDepth: 500, scanFrequency: 7 }],
      ['/consent-solutions', createBody('demo-readonly.com')],
    ] as const) {
      const res = await postJson(server.baseUrl, path, body, { cookie: demo });
      expect(res.status, path).toBe(403);
      expect(await messageKeys(res)).toEqual(['error.backend.permission_denied']);
      expect((await get(path, demo)).status).toBe(200);
    }
  });

  it('[API-2] requires a session (401)', async () => {
    for (const path of ['/cookies', '/domains', '/consent-solutions', '/cookies/1']) expect((await fetch(url(path))).status, path).toBe(401);
  });

  it('[ENT-8] rejects query keys outside the whitelist with 400 invalid_query', async () => {
    for (const query of [
      'name_like=.*',
      'name_ne=x',
      'expiryDays_gte=1',
      'unknown=1',
      '_delay=5000',
      '_sort=accountId',
      'accountId=2',
      '_order=sideways',
      '_page=-1',
      'name[a]=b',
    ]) {
      const res = await get(`/cookies?${query}`);
      expect(res.status, query).toBe(400);
      expect(await messageKeys(res)).toEqual(['error.backend.invalid_query']);
    }
    expect((await get('/cookies?name=a1&q=a&_start=0&_end=5')).status).toBe(200);
  });
});

describe('json-server unsafe defaults are closed', () => {
  it('[API-2] CORS allows only the configured origins, with credentials, exposing X-Total-Count', async () => {
    const ok = await fetch(url('/cookies?_page=1'), { headers: { cookie: owner, origin: TEST_APP_ORIGIN } });
    expect(ok.headers.get('access-control-allow-origin')).toBe(TEST_APP_ORIGIN);
    expect(ok.headers.get('access-control-allow-credentials')).toBe('true');
    expect(ok.headers.get('access-control-expose-headers')).toContain('X-Total-Count');
    expect(ok.headers.get('link')).toBeNull();
    const created = await postJson(server.baseUrl, '/cookies', cookieBody(1, 'cors'), { cookie: owner, origin: TEST_APP_ORIGIN });
    expect(created.headers.get('location')).toMatch(/^\/cookies\/\d+$/);
    expect(created.headers.get('access-control-expose-headers')).toContain('X-Total-Count');

    const evil = await fetch(url('/cookies'), { headers: { cookie: owner, origin: 'https://evil.example' } });
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await fetch(url('/login_check'), {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('[ROLE-3] GET /db does not dump the database (404)', async () => {
    for (const cookie of ['', owner]) {
      const res = await get('/db', cookie);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('jwtSecret');
    }
  });

  it('[ROLE-3] store collections, internal ones and nested routes are not reachable', async () => {
    for (const path of [
      '/users',
      '/meta',
      '/passwordTokens',
      '/consentSolutions',
      '/consentSolutions/1',
      '/accounts/1/users',
      '/accounts/2/cookies',
      '/cookies/1/users',
      '/consent-solutions/1/domains',
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(await messageKeys(res)).toEqual(['error.backend.not_found']);
    }
  });

  it('[ROLE-3] _embed and _expand cannot pull in other collections (400)', async () => {
    const row = await ownerCookie('emb');
    for (const path of ['/cookies?_embed=users', '/domains?_expand=account', `/cookies/${row.id}?_embed=users`, '/consent-solutions/1?_expand=account']) {
      const res = await get(path);
      expect(res.status, path).toBe(400);
      expect(await res.text()).not.toContain('passwordHash');
    }
  });

  it('[ROLE-3] ?callback= gives no JSONP: plain JSON answers only', async () => {
    const res = await get('/cookies?callback=steal');
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.text()).not.toContain('steal(');
    const list = await get('/cookies');
    expect(list.headers.get('content-type')).toMatch(/^application\/json/);
    expect(list.headers.get('x-total-count')).not.toBeNull();
  });

  it('[ROLE-3] X-HTTP-Method-Override and _method cannot turn a POST into a DELETE', async () => {
    const row = await ownerCookie('survivor');
    const viaHeader = await fetch(url(`/cookies/${row.id}`), { method: 'POST', headers: { cookie: owner, 'x-http-method-override': 'DELETE' } });
    expect(viaHeader.status).toBe(405);
    expect(await messageKeys(viaHeader)).toEqual(['error.backend.method_not_allowed']);
    const viaField = await postJson(server.baseUrl, `/cookies?_method=DELETE`, cookieBody(1, 'z'), { cookie: owner });
    expect(viaField.status).toBe(400);
    expect((await get(`/cookies/${row.id}`)).status).toBe(200);
    // The override header on a collection POST still creates (no method switch).
    const created = await postJson(server.baseUrl, '/cookies', cookieBody(1, 'new'), { cookie: owner, 'x-http-method-override': 'DELETE' });
    expect(created.status).toBe(201);
  });

  it('[ERR-2] an unexpected error answers 500 with a generic violation and no stack trace', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // A bug inside json-server's write: the id sequence throws.
    const broken = vi.spyOn(server.store, 'nextId').mockImplementationOnce(() => {
      throw new Error('secret internal detail');
    });
    try {
      const res = await postJson(server.baseUrl, '/cookies', cookieBody(1, 'buggy'), { cookie: owner });
      expect(res.status).toBe(500);
      const text = await res.text();
      expect(JSON.parse(text)).toEqual({
        violations: [{ propertyPath: '', message: 'Something went wrong.', payload: { messageKey: 'error.backend.default_error' } }],
      });
      expect(text).not.toMatch(/secret internal detail|at .*\.ts|node_modules/);
      expect(spy).toHaveBeenCalled();
    } finally {
      broken.mockRestore();
      spy.mockRestore();
    }
  });

  it('[ERR-2] unknown routes answer a 404 violation', async () => {
    const res = await fetch(url('/nope/nothing'));
    expect(res.status).toBe(404);
    expect(await messageKeys(res)).toEqual(['error.backend.not_found']);
  });

  it('[API-2] sets helmet security headers and hides X-Powered-By', async () => {
    const res = await fetch(url('/nope'));
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('content-security-policy')).toBeTruthy();
    expect(res.headers.get('x-powered-by')).toBeNull();
  });
});

describe('request bodies', () => {
  it('[ERR-2] parses application/ld+json and application/merge-patch+json bodies', async () => {
    const ld = await postJson(server.baseUrl, '/cookies', cookieBody(1, 'ld'), { cookie: owner, 'content-type': 'application/ld+json' });
    expect(ld.status).toBe(201);
    expect(await ld.json()).toMatchObject({ name: 'ld' });
  });

  it('[ERR-2] answers 413 payload_too_large above 100 kB', async () => {
    const res = await postJson(server.baseUrl, '/cookies', cookieBody(1, 'x'.repeat(101 * 1024)), { cookie: owner });
    expect(res.status).toBe(413);
    expect(await messageKeys(res)).toEqual(['error.backend.payload_too_large']);
    const login = await postJson(server.baseUrl, '/login_check', { email: 'owner@demo.test', password: 'x'.repeat(200 * 1024) });
    expect(login.status).toBe(413);
  });

  it('[ERR-2] answers 413 for an oversized multipart body', async () => {
    const res = await fetch(url('/lost-password/send-email'), { method: 'POST', body: multipart({ username: 'a'.repeat(150 * 1024) }) });
    expect(res.status).toBe(413);
  });

  it('[ERR-2] answers 400 empty_or_malformed_body for invalid JSON, an empty body or a non-object', async () => {
    for (const body of ['{"label":', '', 'null', '[1,2]', '"text"']) {
      const res = await fetch(url('/login_check'), { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      expect(res.status, body).toBe(400);
      expect(await messageKeys(res)).toEqual(['error.backend.empty_or_malformed_body']);
    }
  });

  it('[ERR-2] answers 415 unsupported_media_type for other content types', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
      const res = await fetch(url('/login_check'), { method: 'POST', headers: { 'content-type': type }, body: 'email=a@b.c&password=x' });
      expect(res.status, type).toBe(415);
      expect(await messageKeys(res)).toEqual(['error.backend.unsupported_media_type']);
    }
    const multi = await fetch(url('/login_check'), { method: 'POST', body: multipart({ email: 'owner@demo.test', password: 'x' }) });
    expect(multi.status).toBe(415);
  });

  it('[ERR-2] rejects __proto__, constructor and prototype keys anywhere in a body (400)', async () => {
    for (const body of [
      '{"consentSolutionId":1,"name":"x","__proto__":{"polluted":true}}',
      '{"consentSolutionId":1,"name":"x","purpose":{"constructor":{"prototype":{"polluted":true}}}}',
      '{"consentSolutionId":1,"name":"x","list":[{"prototype":1}]}',
    ]) {
      const res = await fetch(url('/cookies'), { method: 'POST', headers: { cookie: owner, 'content-type': 'application/json' }, body });
      expect(res.status, body).toBe(400);
    }
    const form = await fetch(url('/lost-password/send-email'), { method: 'POST', body: multipart({ username: 'owner@demo.test', '__proto__[x]': '1' }) });
    expect(form.status).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
