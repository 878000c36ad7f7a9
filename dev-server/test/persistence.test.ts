import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixtureCollection } from './fixtureCollection';
import { login, postJson } from './http';
import { startTestServer } from './startTestServer';

const dir = mkdtempSync(join(tmpdir(), 'dev-api-persist-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('persistence', () => {
  it('[ENT-8] data written through the API survives a restart on the same file', async () => {
    const dbFile = join(dir, 'restart.json');
    const first = await startTestServer({ dbFile, collections: [fixtureCollection] });
    const cookie = await login(first.baseUrl, 'owner@demo.test');
    const created = await postJson(first.baseUrl, '/fixtures', { label: 'kept' }, { cookie });
    const row = (await created.json()) as { id: number };
    const secret = first.store.meta().jwtSecret;
    await first.close();

    const second = await startTestServer({ dbFile, collections: [fixtureCollection] });
    try {
      expect(second.store.meta().jwtSecret).toBe(secret);
      // The old session cookies are still valid: same secret, same user.
      const res = await fetch(`${second.baseUrl}/fixtures/${row.id}`, { headers: { cookie } });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ label: 'kept', accountId: 1 });
    } finally {
      await second.close();
    }
  });

  it('[ENT-8] 200 parallel creates: 200 rows, unique ids, the file still parses', async () => {
    const dbFile = join(dir, 'concurrent.json');
    const server = await startTestServer({ dbFile, collections: [fixtureCollection] });
    try {
      const cookie = await login(server.baseUrl, 'owner@demo.test');
      const answers = await Promise.all(
        Array.from({ length: 200 }, (_, i) => postJson(server.baseUrl, '/fixtures', { label: `row-${i}`, size: i }, { cookie })),
      );
      expect(answers.every((r) => r.status === 201)).toBe(true);
      const ids = await Promise.all(answers.map(async (r) => ((await r.json()) as { id: number }).id));
      expect(new Set(ids).size).toBe(200);

      const onDisk = JSON.parse(readFileSync(dbFile, 'utf8')) as { fixtures: { id: number; label: string }[] };
      expect(onDisk.fixtures).toHaveLength(200);
      expect(new Set(onDisk.fixtures.map((f) => f.label)).size).toBe(200);
      const list = await fetch(`${server.baseUrl}/fixtures?_start=0&_end=10`, { headers: { cookie } });
      expect(list.headers.get('x-total-count')).toBe('200');
    } finally {
      await server.close();
    }
  });

  it('[ENT-8] writes are atomic: no temp files left behind, the file is always complete JSON', async () => {
    const dbFile = join(dir, 'atomic.json');
    const server = await startTestServer({ dbFile, collections: [fixtureCollection] });
    try {
      const cookie = await login(server.baseUrl, 'owner@demo.test');
      await Promise.all(Array.from({ length: 20 }, (_, i) => postJson(server.baseUrl, '/fixtures', { label: `a${i}` }, { cookie })));
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
