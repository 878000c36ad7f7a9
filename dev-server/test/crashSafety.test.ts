import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { seedDbFile } from '../seed';
import { login } from './http';
import { TEST_BCRYPT_COST } from './startTestServer';

/**
 * ENT-8 crash safety: the real dev API (`npx tsx dev-server/index.ts`, its own DB_FILE and
 * API_PORT on 127.0.0.1) is killed with SIGKILL while clients are writing. It restarts on the
 * same file with a valid database in which every acknowledged write is present.
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** Seed (consentApi.ts SEED): Demo Shop owns consent solutions 1 to 3. */
const SOLUTIONS = [1, 2, 3];
const ACKS_BEFORE_KILL = 120;

const dir = mkdtempSync(join(tmpdir(), 'dev-api-crash-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null && child.pid) process.kill(-child.pid, 'SIGKILL');
  // The killed server's process group may still be closing files: retry the removal.
  rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
});

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createNetServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });

/** Starts the dev API in its own process group (npx → tsx → node), so one kill reaches all three. */
const startApi = async (dbFile: string, port: number): Promise<{ child: ChildProcess; baseUrl: string }> => {
  const child = spawn('npx', ['tsx', 'dev-server/index.ts'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, DB_FILE: dbFile, API_PORT: String(port), API_HOST: '127.0.0.1', DEV_MODE: '1', DEV_SECRET: 'crash-safety-test-secret-0123456789' },
  });
  children.push(child);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the dev API exited (${child.exitCode}): ${stderr}`);
    try {
      await fetch(`${baseUrl}/consent-solutions`);
      return { child, baseUrl };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`the dev API did not start: ${stderr}`);
};

const killGroup = async (child: ChildProcess, signal: NodeJS.Signals): Promise<void> => {
  if (!child.pid) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  process.kill(-child.pid, signal);
  await exited;
};

describe('crash safety', () => {
  it('[ENT-8] SIGKILL in the middle of writes: the dev API restarts with a valid database holding every acknowledged write', async () => {
    const dbFile = join(dir, 'db.json');
    await seedDbFile(dbFile, { bcryptCost: TEST_BCRYPT_COST, outboxFile: join(dir, 'outbox.json') });
    const port = await freePort();
    const first = await startApi(dbFile, port);
    const cookie = await login(first.baseUrl, 'owner@demo.test');

    /** The last name each solution was acknowledged with, and the one in flight. */
    const acked = new Map<number, number>();
    let acks = 0;
    let stop = false;
    const rename = (id: number, n: number) =>
      fetch(`${first.baseUrl}/consent-solutions/${id}`, {
        method: 'PATCH',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ name: `crash ${id} #${n}` }),
      });
    let killed: Promise<void> | undefined;
    const writers = SOLUTIONS.map(async (id) => {
      for (let n = 1; !stop; n += 1) {
        try {
          const res = await rename(id, n);
          await res.text();
          if (res.status !== 200) throw new Error(`PATCH ${id} answered ${res.status}`);
          acked.set(id, n);
          acks += 1;
          if (acks === ACKS_BEFORE_KILL) killed = killGroup(first.child, 'SIGKILL');
        } catch (error) {
          if (killed === undefined) throw error;
          stop = true;
        }
      }
    });
    await Promise.all(writers);
    await killed;
    expect(acks).toBeGreaterThanOrEqual(ACKS_BEFORE_KILL);

    // The file is complete JSON as the kill left it.
    const onDisk = JSON.parse(readFileSync(dbFile, 'utf8')) as { consentSolutions: { id: number; name: string }[] };
    const restarted = await startApi(dbFile, port);
    try {
      const again = await login(restarted.baseUrl, 'owner@demo.test');
      for (const id of SOLUTIONS) {
        const last = acked.get(id) ?? 0;
        const res = await fetch(`${restarted.baseUrl}/consent-solutions/${id}`, { headers: { cookie: again } });
        expect(res.status).toBe(200);
        const { name } = (await res.json()) as { name: string };
        // The acknowledged name, or the next one if its write reached the disk before the kill.
        expect([`crash ${id} #${last}`, `crash ${id} #${last + 1}`]).toContain(name);
        expect(onDisk.consentSolutions.find((s) => s.id === id)?.name).toBe(name);
      }
      // And it takes writes again.
      const write = await fetch(`${restarted.baseUrl}/consent-solutions/1`, {
        method: 'PATCH',
        headers: { cookie: again, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'after the crash' }),
      });
      expect(write.status).toBe(200);
    } finally {
      await killGroup(restarted.child, 'SIGTERM');
    }
    expect(() => JSON.parse(readFileSync(dbFile, 'utf8'))).not.toThrow();
  }, 90_000);
});
