import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { login, messageKeys, multipart, postJson, violationsOf } from './http';
import { fixtureCollection } from './fixtureCollection';
import { startTestServer, TEST_APP_ORIGIN, type TestServer } from './startTestServer';

let server: TestServer;
let owner: string;
let other: string;

beforeAll(async () => {
  server = await startTestServer({ collections: [fixtureCollection] });
  // A collection whose rule has a bug, to prove a true 500 carries no stack trace.
  server.registerScopedCollection({
    name: 'buggy',
    schema: z.object({ label: z.string() }),
    rules: {
      beforeCreate: () => {
        throw new Error('secret internal detail');
      },
    },
  });
  [owner, other] = await Promise.all([login(server.baseUrl, 'owner@demo.test'), login(server.baseUrl, 'other@demo.test')]);
});
afterAll(() => server.close());

const url = (path: string) => `${server.baseUrl}${path}`;
const create = async (cookie: string, body: unknown): Promise<{ id: number; accountId: number; label: string }> => {
  const res = await postJson(server.baseUrl, '/fixtures', body, { cookie });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: number; accountId: number; label: string };
};

describe('owner-scoped collections', () => {
  it('[ROLE-3] lists only the caller’s rows, with X-Total-Count counting only those', async () => {
    for (const label of ['a1', 'a2', 'a3']) await create(owner, { label });
    await create(other, { label: 'b1' });
    const res = await fetch(url('/fixtures?_page=1&_limit=2&_sort=label&_order=asc'), { headers: { cookie: owner } });
    expect(res.status).toBe(200);
    const rows = (await res.json()) as { label: string; accountId: number }[];
    expect(rows.map((r) => r.label)).toEqual(['a1', 'a2']);
    expect(rows.every((r) => r.accountId === 1)).toBe(true);
    const all = (await (await fetch(url('/fixtures?_start=0&_end=100'), { headers: { cookie: owner } })).json()) as { accountId: number }[];
    expect(res.headers.get('x-total-count')).toBe(String(all.length));
    expect(all.every((r) => r.accountId === 1)).toBe(true);
  });

  it('[ROLE-3] answers 404 for GET/PUT/PATCH/DELETE of another account’s row, which stays intact', async () => {
    const row = await create(other, { label: 'private' });
    for (const method of ['GET', 'PUT', 'PATCH', 'DELETE']) {
      const res = await fetch(url(`/fixtures/${row.id}`), {
        method,
        headers: { cookie: owner, 'content-type': 'application/json' },
        body: method === 'PUT' || method === 'PATCH' ? JSON.stringify({ label: 'hijack' }) : undefined,
      });
      expect(res.status, method).toBe(404);
      expect(await messageKeys(res)).toEqual(['error.backend.not_found']);
    }
    const mine = await fetch(url(`/fixtures/${row.id}`), { headers: { cookie: other } });
    expect(await mine.json()).toMatchObject({ label: 'private', accountId: 2 });
  });

  it('[ROLE-3] POST ignores an id and accountId chosen by the body', async () => {
    const existing = await create(other, { label: 'victim' });
    const row = await create(owner, { label: 'x', id: existing.id, accountId: 2 });
    expect(row.id).not.toBe(existing.id);
    expect(row.accountId).toBe(1);
    // PATCH cannot move a row to another account either.
    const patched = await fetch(url(`/fixtures/${row.id}`), {
      method: 'PATCH',
      headers: { cookie: owner, 'content-type': 'application/merge-patch+json' },
      body: JSON.stringify({ accountId: 2, label: 'y' }),
    });
    expect(await patched.json()).toMatchObject({ id: row.id, accountId: 1, label: 'y' });
  });

  it('[ROLE-3] the owner can read, replace, patch and delete its own row', async () => {
    const row = await create(owner, { label: 'mine', size: 1 });
    const send = (method: string, body?: unknown) =>
      fetch(url(`/fixtures/${row.id}`), { method, headers: { cookie: owner, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    expect(await (await send('GET')).json()).toMatchObject({ id: row.id, label: 'mine', size: 1 });
    expect(await (await send('PUT', { label: 'replaced' })).json()).toEqual({ id: row.id, label: 'replaced', accountId: 1 });
    expect(await (await send('PATCH', { size: 5 })).json()).toEqual({ id: row.id, label: 'replaced', size: 5, accountId: 1 });
    expect((await send('DELETE')).status).toBe(200);
    expect((await send('GET')).status).toBe(404);
  });

  it('[ROLE-3] a delete removes its row only, never rows of other collections (no json-server cascade)', async () => {
    const row = await create(owner, { label: 'to delete', size: 1 });
    // A row elsewhere whose *Id field points nowhere: json-server's sweep would erase it.
    server.store.ensureCollection('notes');
    server.store.collection('notes').insert({ accountId: null, fixtureId: row.id, text: 'keep me' });
    // Every row of every other collection, by id (the audit trail may add rows; none may go).
    const ids = () =>
      Object.entries(server.store.state())
        .filter(([name, rows]) => name !== 'fixtures' && Array.isArray(rows))
        .flatMap(([name, rows]) => (rows as { id: unknown }[]).map((r) => `${name}:${String(r.id)}`));
    const before = ids();
    const res = await fetch(url(`/fixtures/${row.id}`), { method: 'DELETE', headers: { cookie: owner } });
    expect(res.status).toBe(200);
    const after = new Set(ids());
    expect(before.filter((id) => !after.has(id))).toEqual([]);
  });

  it('[ENT-8] validates bodies with the schema: 400 violations with propertyPath and messageKey', async () => {
    const res = await postJson(server.baseUrl, '/fixtures', { label: '' }, { cookie: owner });
    expect(res.status).toBe(400);
    expect(await violationsOf(res)).toEqual([{ propertyPath: 'label', messageKey: 'validation.required' }]);
  });

  it('[ROLE-3] the demo role is read-only: writes answer 403 permission_denied', async () => {
    const demo = await login(server.baseUrl, 'demo@demo.test');
    const res = await postJson(server.baseUrl, '/fixtures', { label: 'demo' }, { cookie: demo });
    expect(res.status).toBe(403);
    expect(await messageKeys(res)).toEqual(['error.backend.permission_denied']);
    expect((await fetch(url('/fixtures'), { headers: { cookie: demo } })).status).toBe(200);
  });

  it('[API-2] requires a session (401)', async () => {
    expect((await fetch(url('/fixtures'))).status).toBe(401);
  });

  it('[ENT-8] rejects query keys outside the whitelist with 400 invalid_query', async () => {
    for (const query of ['label_like=.*', 'label_ne=x', 'size_gte=1', 'unknown=1', '_delay=5000', '_sort=accountId', '_order=sideways', '_page=-1', 'label[a]=b']) {
      const res = await fetch(url(`/fixtures?${query}`), { headers: { cookie: owner } });
      expect(res.status, query).toBe(400);
      expect(await messageKeys(res)).toEqual(['error.backend.invalid_query']);
    }
    expect((await fetch(url('/fixtures?label=a1&q=a&_start=0&_end=5'), { headers: { cookie: owner } })).status).toBe(200);
  });
});

describe('json-server unsafe defaults are closed', () => {
  it('[API-2] CORS allows only the configured origins, with credentials, exposing X-Total-Count', async () => {
    const ok = await fetch(url('/fixtures'), { headers: { cookie: owner, origin: TEST_APP_ORIGIN } });
    expect(ok.headers.get('access-control-allow-origin')).toBe(TEST_APP_ORIGIN);
    expect(ok.headers.get('access-control-allow-credentials')).toBe('true');
    expect(ok.headers.get('access-control-expose-headers')).toContain('X-Total-Count');

    const evil = await fetch(url('/fixtures'), { headers: { cookie: owner, origin: 'https://evil.example' } });
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await fetch(url('/login_check'), {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('[ROLE-3] GET /db does not dump the database (404)', async () => {
    for (const cookie of ['', owner]) {
      const res = await fetch(url('/db'), { headers: { cookie } });
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('jwtSecret');
    }
  });

  it('[ROLE-3] internal collections and nested routes are not reachable', async () => {
    for (const path of ['/users', '/meta', '/passwordTokens', '/accounts', '/accounts/1/users', '/accounts/2/fixtures', '/fixtures/1/users']) {
      const res = await fetch(url(path), { headers: { cookie: owner } });
      expect(res.status, path).toBe(404);
      expect(await messageKeys(res)).toEqual(['error.backend.not_found']);
    }
  });

  it('[ROLE-3] _embed and _expand cannot pull in other collections (400)', async () => {
    const row = await create(owner, { label: 'emb' });
    for (const path of ['/fixtures?_embed=users', '/fixtures?_expand=account', `/fixtures/${row.id}?_embed=users`, `/fixtures/${row.id}?_expand=account`]) {
      const res = await fetch(url(path), { headers: { cookie: owner } });
      expect(res.status, path).toBe(400);
      expect(await res.text()).not.toContain('passwordHash');
    }
  });

  it('[ROLE-3] ?callback= gives no JSONP: plain JSON answers only', async () => {
    const res = await fetch(url('/fixtures?callback=steal'), { headers: { cookie: owner } });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.text()).not.toContain('steal(');
    const list = await fetch(url('/fixtures'), { headers: { cookie: owner } });
    expect(list.headers.get('content-type')).toMatch(/^application\/json/);
    expect(list.headers.get('x-total-count')).not.toBeNull();
  });

  it('[ROLE-3] X-HTTP-Method-Override and _method cannot turn a POST into a DELETE', async () => {
    const row = await create(owner, { label: 'survivor' });
    const viaHeader = await fetch(url(`/fixtures/${row.id}`), { method: 'POST', headers: { cookie: owner, 'x-http-method-override': 'DELETE' } });
    expect(viaHeader.status).toBe(405);
    expect(await messageKeys(viaHeader)).toEqual(['error.backend.method_not_allowed']);
    const viaField = await postJson(server.baseUrl, `/fixtures?_method=DELETE`, { label: 'z' }, { cookie: owner });
    expect(viaField.status).toBe(400);
    const still = await fetch(url(`/fixtures/${row.id}`), { headers: { cookie: owner } });
    expect(still.status).toBe(200);
    // The override header on a collection POST still creates (no method switch).
    const created = await postJson(server.baseUrl, '/fixtures', { label: 'new' }, { cookie: owner, 'x-http-method-override': 'DELETE' });
    expect(created.status).toBe(201);
  });

  it('[ERR-2] an unexpected error answers 500 with a generic violation and no stack trace', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const res = await postJson(server.baseUrl, '/buggy', { label: 'x' }, { cookie: owner });
      expect(res.status).toBe(500);
      const text = await res.text();
      expect(JSON.parse(text)).toEqual({ violations: [{ propertyPath: '', message: 'Something went wrong.', payload: { messageKey: 'error.backend.default_error' } }] });
      expect(text).not.toMatch(/secret internal detail|at .*\.ts|node_modules/);
      expect(spy).toHaveBeenCalled();
    } finally {
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
    const ld = await postJson(server.baseUrl, '/fixtures', { label: 'ld' }, { cookie: owner, 'content-type': 'application/ld+json' });
    expect(ld.status).toBe(201);
    expect(await ld.json()).toMatchObject({ label: 'ld' });
  });

  it('[ERR-2] answers 413 payload_too_large above 100 kB', async () => {
    const res = await postJson(server.baseUrl, '/fixtures', { label: 'x'.repeat(101 * 1024) }, { cookie: owner });
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
      '{"label":"x","__proto__":{"polluted":true}}',
      '{"label":"x","nested":{"constructor":{"prototype":{"polluted":true}}}}',
      '{"label":"x","list":[{"prototype":1}]}',
    ]) {
      const res = await fetch(url('/fixtures'), { method: 'POST', headers: { cookie: owner, 'content-type': 'application/json' }, body });
      expect(res.status, body).toBe(400);
    }
    const form = await fetch(url('/lost-password/send-email'), { method: 'POST', body: multipart({ username: 'owner@demo.test', '__proto__[x]': '1' }) });
    expect(form.status).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
