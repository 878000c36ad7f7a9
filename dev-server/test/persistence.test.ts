import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cookieCreateBody as cookieBody, createBody } from './consentApi';
import { login, postJson } from './http';
import { startTestServer } from './startTestServer';

const dir = mkdtempSync(join(tmpdir(), 'dev-api-persist-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A new consent solution of the owner (its cookie list starts empty). */
const newSolution = async (baseUrl: string, cookie: string, canonicalDomain: string): Promise<number> => {
  const res = await postJson(baseUrl, '/consent-solutions', createBody(canonicalDomain), { cookie });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
};

describe('persistence', () => {
  it('[ENT-8] data written through the API survives a restart on the same file', async () => {
    const dbFile = join(dir, 'restart.json');
    const first = await startTestServer({ dbFile });
    const cookie = await login(first.baseUrl, 'owner@demo.test');
    const solutionId = await newSolution(first.baseUrl, cookie, 'kept-shop.com');
    const created = await postJson(first.baseUrl, '/cookies', cookieBody(solutionId, 'kept'), { cookie });
    const row = (await created.json()) as { id: number };
    const [domain] = (await (await fetch(`${first.baseUrl}/domains?consentSolutionId=${solutionId}`, { headers: { cookie } })).json()) as { id: number }[];
    const patched = await fetch(`${first.baseUrl}/domains/${domain?.id}`, {
      method: 'PATCH',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ scanDepth: 5000 }),
    });
    expect(patched.status).toBe(200);
    const secret = first.store.meta().jwtSecret;
    await first.close();

    const second = await startTestServer({ dbFile });
    try {
      expect(second.store.meta().jwtSecret).toBe(secret);
      // The old session cookies are still valid: same secret, same user.
      const res = await fetch(`${second.baseUrl}/cookies/${row.id}`, { headers: { cookie } });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ name: 'kept', accountId: 1, consentSolutionId: solutionId });
      const solution = await fetch(`${second.baseUrl}/consent-solutions/${solutionId}`, { headers: { cookie } });
      expect(await solution.json()).toMatchObject({ id: solutionId, domains: [{ canonicalDomain: 'kept-shop.com' }] });
      const domains = await fetch(`${second.baseUrl}/domains?consentSolutionId=${solutionId}`, { headers: { cookie } });
      expect(await domains.json()).toMatchObject([{ canonicalDomain: 'kept-shop.com', scanDepth: 5000 }]);
    } finally {
      await second.close();
    }
  });

  it('[ENT-8] 200 parallel creates: 200 rows, unique ids, the file still parses', async () => {
    const dbFile = join(dir, 'concurrent.json');
    const server = await startTestServer({ dbFile });
    try {
      const cookie = await login(server.baseUrl, 'owner@demo.test');
      const solutionId = await newSolution(server.baseUrl, cookie, 'parallel-shop.com');
      const answers = await Promise.all(
        Array.from({ length: 200 }, (_, i) => postJson(server.baseUrl, '/cookies', cookieBody(solutionId, `row_${i}`), { cookie })),
      );
      expect(answers.every((r) => r.status === 201)).toBe(true);
      const ids = await Promise.all(answers.map(async (r) => ((await r.json()) as { id: number }).id));
      expect(new Set(ids).size).toBe(200);

      // Every answer left after its flush: the file already holds all 200.
      const onDisk = (JSON.parse(readFileSync(dbFile, 'utf8')) as { cookies: { consentSolutionId: number; name: string }[] }).cookies.filter(
        (c) => c.consentSolutionId === solutionId,
      );
      expect(onDisk).toHaveLength(200);
      expect(new Set(onDisk.map((c) => c.name)).size).toBe(200);
      const list = await fetch(`${server.baseUrl}/cookies?consentSolutionId=${solutionId}&_start=0&_end=10`, { headers: { cookie } });
      expect(list.headers.get('x-total-count')).toBe('200');
    } finally {
      await server.close();
    }
  });

  it('[ENT-8] writes are atomic: no temp files left behind, the file is always complete JSON', async () => {
    const dbFile = join(dir, 'atomic.json');
    const server = await startTestServer({ dbFile });
    try {
      const cookie = await login(server.baseUrl, 'owner@demo.test');
      await Promise.all(Array.from({ length: 20 }, (_, i) => postJson(server.baseUrl, '/cookies', cookieBody(1, `a${i}`), { cookie })));
      expect(() => JSON.parse(readFileSync(dbFile, 'utf8'))).not.toThrow();
      expect(readdirSync(dir).filter((f) => f.startsWith('atomic.json.'))).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('[ENT-8] temp files a crash left beside the database are removed on start; other files are not', async () => {
    const dbFile = join(dir, 'crashed.json');
    const first = await startTestServer({ dbFile });
    await first.close();
    const stale = ['crashed.json.tmp-4242-7', 'crashed.json.1a2b3c4d'];
    for (const name of stale) writeFileSync(join(dir, name), '{"half":');
    writeFileSync(join(dir, 'crashed.json.notes.txt'), 'mine');
    const second = await startTestServer({ dbFile });
    try {
      for (const name of stale) expect(existsSync(join(dir, name)), name).toBe(false);
      expect(readFileSync(join(dir, 'crashed.json.notes.txt'), 'utf8')).toBe('mine');
      expect(readdirSync(dir).filter((f) => f.startsWith('crashed.json.tmp-'))).toEqual([]);
    } finally {
      await second.close();
    }
  });
});
