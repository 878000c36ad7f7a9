import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFileDurably } from '../store/jsonFile';
import { caller, type Call } from './consentApi';
import { startTestServer, type TestServer } from './startTestServer';

/**
 * The database file is group-committed: the test holds every flush at a gate, so who waits for
 * the disk is seen without timing anything. Visitors' consent records (anonymous, from customers'
 * sites) wait for their flush; the admin's reads never do; many writes share one flush.
 */

let server: TestServer;
let owner: Call;
let release: () => void = () => undefined;
let gate: Promise<void> = Promise.resolve();
const closeGate = () => {
  gate = new Promise((resolve) => {
    release = resolve;
  });
};

beforeAll(async () => {
  server = await startTestServer({
    writeDatabaseFile: async (file, text) => {
      await gate;
      await writeFileDurably(file, text);
    },
  });
  // The log moves the seeded history out of the JSON database when it opens: done before the tests.
  await server.context.consentLog.ready();
  owner = await caller(server.baseUrl, 'owner@demo.test');
});
afterAll(async () => {
  release();
  await server.close();
});

const sendRecord = () =>
  fetch(`${server.baseUrl}/consent/1/records`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain', origin: 'https://demo-shop.com' },
    body: JSON.stringify({
      anonymousId: '0f8e3c1a-1b2c-4d5e-8f90-000000000001',
      action: 'accept',
      categories: ['statistics'],
      consentVersion: 1,
      language: 'en',
    }),
  });

const cookieBody = (n: number) => ({
  consentSolutionId: 1,
  name: `held_${String(n).padStart(2, '0')}`,
  domain: 'demo-shop.com',
  category: 'necessary',
  purpose: { en: 'Held back by the test.' },
  expiryDays: null,
  dataProcessor: null,
});

describe('group commit', () => {
  it('[ENT-8] writes are answered only once on disk, many share one flush, and reads never wait behind them', async () => {
    await server.store.durable();
    const flushesBefore = server.store.flushes();
    closeGate();
    let answered = 0;
    const writes = Array.from({ length: 20 }, (_, n) =>
      owner<{ id: number; name: string }>('POST', '/cookies', cookieBody(n)).then((res) => {
        answered += 1;
        return res;
      }),
    );
    // Every write reached the server (it is in memory), none is answered: the flush is held.
    const held = () => (server.store.state().cookies as { name: string }[]).filter((c) => c.name.startsWith('held_')).length;
    await expect.poll(held).toBe(20);
    expect(answered).toBe(0);

    // Meanwhile the admin reads its lists, answered at once.
    const list = await owner<unknown[]>('GET', '/consent-solutions');
    expect([list.status, list.body.length > 0]).toEqual([200, true]);
    expect((await owner<unknown[]>('GET', '/cookies?consentSolutionId=1&q=held_')).total).toBe(20);
    expect(answered).toBe(0);

    release();
    const results = await Promise.all(writes);
    expect(results.map((r) => r.status)).toEqual(Array.from({ length: 20 }, () => 201));
    // One flush was held with the first writes in it; the rest joined at most a second one.
    expect(server.store.flushes() - flushesBefore).toBeLessThanOrEqual(3);
    const onDisk = readFileSync(server.dbFile, 'utf8');
    for (const { body } of results) expect(onDisk).toContain(body.name);
  });

  it('[LOG-2] a visitor’s consent record never waits for the admin’s database: answered while its flush is held', async () => {
    await server.store.durable();
    closeGate();
    const generation = server.store.generation();
    const res = await sendRecord();
    expect(res.status).toBe(201);
    expect(server.store.generation()).toBe(generation);
    release();
  });

  it('[ENT-8] an admin write is answered only after its flush', async () => {
    await server.store.durable();
    closeGate();
    let done = false;
    const rename = owner('PATCH', '/consent-solutions/2', { name: 'Renamed while held' }).then((res) => {
      done = true;
      return res;
    });
    await expect.poll(() => (server.store.state().consentSolutions as { id: number; name: string }[]).find((s) => s.id === 2)?.name).toBe('Renamed while held');
    expect((await owner<{ name: string }>('GET', '/consent-solutions/2')).body.name).toBe('Renamed while held');
    expect(done).toBe(false);
    release();
    expect((await rename).status).toBe(200);
  });
});
