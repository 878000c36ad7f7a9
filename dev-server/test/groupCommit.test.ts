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
  owner = await caller(server.baseUrl, 'owner@demo.test');
});
afterAll(async () => {
  release();
  await server.close();
});

const sendRecord = (n: number) =>
  fetch(`${server.baseUrl}/consent/1/records`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain', origin: 'https://demo-shop.com' },
    body: JSON.stringify({ anonymousId: `0f8e3c1a-1b2c-4d5e-8f90-${String(n).padStart(12, '0')}`, action: 'accept', categories: ['statistics'], consentVersion: 1, language: 'en' }),
  });

describe('group commit', () => {
  it('[LOG-2][ENT-8] consent records are answered only once on disk, many share one flush, and the admin’s reads never wait behind them', async () => {
    await server.store.durable();
    const flushesBefore = server.store.flushes();
    closeGate();
    let answered = 0;
    const records = Array.from({ length: 20 }, (_, n) =>
      sendRecord(n).then(async (res) => {
        answered += 1;
        return { status: res.status, body: (await res.json()) as { id: string } };
      }),
    );
    // Every record reached the server (it is in memory), none is answered: the flush is held.
    await expect.poll(() => (server.store.state().consentRecords as { anonymousId: string }[]).filter((r) => r.anonymousId.startsWith('0f8e3c1a-1b2c-4d5e-8f90-0000')).length).toBe(20);
    expect(answered).toBe(0);

    // Meanwhile the admin reads its list, its solution and a record, answered at once.
    const list = await owner<unknown[]>('GET', '/consent-solutions');
    expect([list.status, list.body.length > 0]).toEqual([200, true]);
    expect((await owner('GET', '/consent-solutions/1')).status).toBe(200);
    expect(answered).toBe(0);

    release();
    const results = await Promise.all(records);
    expect(results.map((r) => r.status)).toEqual(Array.from({ length: 20 }, () => 201));
    // One flush was held with the first records in it; the rest joined at most a second one.
    expect(server.store.flushes() - flushesBefore).toBeLessThanOrEqual(3);
    const onDisk = readFileSync(server.dbFile, 'utf8');
    for (const { body } of results) expect(onDisk).toContain(body.id);
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
