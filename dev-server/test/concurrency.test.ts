import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { cookieCreateBody, createBody } from './consentApi';
import { login, postJson } from './http';
import { startTestServer } from './startTestServer';

/**
 * ENT-8 under concurrent writes: 50 clients each create 20 cookies (POST /cookies, the real
 * route through json-server) in one consent solution at the same time. Exactly 1,000 rows with
 * unique ids, all still there after a restart on the same file, and the file parses
 * at every moment: a worker thread (a real second reader, outside the server's event loop)
 * reads and parses it every 2 ms for the whole run.
 */

const CLIENTS = 50;
const CREATES_PER_CLIENT = 20;
const TOTAL = CLIENTS * CREATES_PER_CLIENT;

const dir = mkdtempSync(join(tmpdir(), 'dev-api-concurrency-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface PollResult {
  reads: number;
  failures: string[];
}

/** Reads and parses `file` until told to stop; reports how many reads and every failure. */
const startPoller = (file: string): { stop: () => Promise<PollResult> } => {
  const worker = new Worker(
    `
    const { parentPort, workerData } = require('node:worker_threads');
    const { readFileSync } = require('node:fs');
    let stop = false;
    const failures = [];
    let reads = 0;
    parentPort.on('message', () => { stop = true; });
    const loop = () => {
      try { JSON.parse(readFileSync(workerData.file, 'utf8')); reads += 1; }
      catch (error) { if (failures.length < 5) failures.push(String(error)); }
      if (stop) parentPort.postMessage({ reads, failures });
      else setTimeout(loop, 2);
    };
    loop();
    `,
    { eval: true, workerData: { file } },
  );
  return {
    stop: async () => {
      const result = new Promise<PollResult>((resolve) => worker.once('message', (message: PollResult) => resolve(message)));
      worker.postMessage('stop');
      const answer = await result;
      await worker.terminate();
      return answer;
    },
  };
};

describe('concurrent writes', () => {
  it(`[ENT-8] ${CLIENTS} clients × ${CREATES_PER_CLIENT} creates: ${TOTAL} rows, unique ids, kept after a restart, the file always parses`, async () => {
    const dbFile = join(dir, 'db.json');
    const first = await startTestServer({ dbFile });
    const cookie = await login(first.baseUrl, 'owner@demo.test');
    const solution = await postJson(first.baseUrl, '/consent-solutions', createBody('concurrent-shop.com'), { cookie });
    const solutionId = ((await solution.json()) as { id: number }).id;
    const poller = startPoller(dbFile);
    const statuses: number[] = [];
    const ids: number[] = [];
    try {
      await Promise.all(
        Array.from({ length: CLIENTS }, async (_, client) => {
          for (let i = 0; i < CREATES_PER_CLIENT; i += 1) {
            const res = await postJson(first.baseUrl, '/cookies', cookieCreateBody(solutionId, `c${client}_${i}`, { expiryDays: i }), { cookie });
            statuses.push(res.status);
            if (res.status === 201) ids.push(((await res.json()) as { id: number }).id);
            else await res.text();
          }
        }),
      );
    } finally {
      const polled = await poller.stop();
      expect(polled.failures).toEqual([]);
      expect(polled.reads).toBeGreaterThan(10);
      await first.close();
    }
    expect(statuses.filter((s) => s !== 201)).toEqual([]);
    expect(new Set(ids).size).toBe(TOTAL);

    const second = await startTestServer({ dbFile });
    try {
      const res = await fetch(`${second.baseUrl}/cookies?consentSolutionId=${solutionId}&_start=0&_end=${TOTAL + 10}`, { headers: { cookie } });
      expect(res.headers.get('x-total-count')).toBe(String(TOTAL));
      const rows = (await res.json()) as { id: number; name: string }[];
      expect(new Set(rows.map((r) => r.id))).toEqual(new Set(ids));
      expect(new Set(rows.map((r) => r.name)).size).toBe(TOTAL);
    } finally {
      await second.close();
    }
  }, 120_000);
});
