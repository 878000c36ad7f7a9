import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEmbedded, type SqlClient } from '../consent-log/sql';
import { JOB_EXPIRY_SECONDS, openQueue, QUEUE, queueDb } from './queue';

/**
 * SCAN-2: pg-boss fails a job whose handler outlives the job's expiry and lets its worker fetch
 * the next one while the handler goes on. A crawl's job must outlive the crawl: at pg-boss's
 * default of 15 minutes, a depth-15,000 crawl was taken up a second time by its own worker at
 * 15 and 30 minutes (a page pool and nine renderers more each time).
 */

let dir: string;
let sql: SqlClient;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'scanner-queue-'));
  sql = await openEmbedded(dir);
});
afterAll(async () => {
  await sql.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The expiry pg-boss gave a job sent now on `name`, in seconds. */
const expiryOfNewJob = async (boss: PgBoss, schema: string, name: string): Promise<number> => {
  const id = await boss.send(name, { crawlId: '00000000-0000-0000-0000-000000000000' });
  const [row] = await sql.query<{ seconds: number }>(`SELECT extract(epoch FROM expire_in)::int AS seconds FROM ${schema}.job WHERE id = $1::uuid`, [id]);
  return row?.seconds ?? -1;
};

describe('the scanner queue', () => {
  it('[SCAN-2] every job of a new queue, a crawl included, may run 23 hours before pg-boss calls it expired', async () => {
    const boss = await openQueue(sql, { role: 'api', schema: 'fresh_queue' });
    try {
      for (const name of Object.values(QUEUE)) expect([name, await expiryOfNewJob(boss, 'fresh_queue', name)]).toEqual([name, JOB_EXPIRY_SECONDS]);
      expect(JOB_EXPIRY_SECONDS).toBe(23 * 3_600);
    } finally {
      await boss.stop({ graceful: false, wait: true });
    }
  });

  it('[SCAN-2] queues made before (an expiry pg-boss dropped: 15 minutes) are brought up to 23 hours', async () => {
    // What the earlier code did: `expireInHours`, which pg-boss 10's createQueue ignores.
    const before = new PgBoss({
      db: queueDb(sql),
      schema: 'old_queue',
      supervise: false,
      schedule: false,
    });
    await before.start();
    await before.createQueue(QUEUE.scan, { name: QUEUE.scan, retryLimit: 0, expireInHours: 23 });
    expect(await expiryOfNewJob(before, 'old_queue', QUEUE.scan)).toBe(15 * 60);
    await before.stop({ graceful: false, wait: true });

    const boss = await openQueue(sql, { role: 'api', schema: 'old_queue' });
    try {
      expect(await expiryOfNewJob(boss, 'old_queue', QUEUE.scan)).toBe(JOB_EXPIRY_SECONDS);
      expect((await boss.getQueue(QUEUE.scan))?.retryLimit).toBe(0);
    } finally {
      await boss.stop({ graceful: false, wait: true });
    }
  });
});
