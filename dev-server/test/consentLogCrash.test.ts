import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createConsentLog } from '../consent-log/consentLog';

/** LOG-2: a `kill -9` in the middle of ingest loses no acknowledged record (embedded database). */

const SERVER = fileURLToPath(new URL('./fixtures/consentLogServer.ts', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'consent-log-crash-'));
const dbFile = join(dir, 'db.json');
const children: ChildProcess[] = [];

const startServer = (): Promise<{ child: ChildProcess; baseUrl: string }> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', SERVER, dbFile], { stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /LISTENING (http:\/\/\S+)/.exec(output);
      if (match?.[1]) resolve({ child, baseUrl: match[1] });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => reject(new Error(`server exited (${String(code)}) before listening: ${output}`)));
  });

afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

describe('consent log crash safety', () => {
  it('[LOG-2] kill -9 during ingest: every acknowledged record is there after restart, and the embedded database opens cleanly', async () => {
    const { child, baseUrl } = await startServer();
    const acknowledged: string[] = [];
    let stop = false;
    const visitor = async (n: number) => {
      for (let i = 0; !stop; i += 1) {
        try {
          const res = await fetch(`${baseUrl}/consent/1/records`, {
            method: 'POST',
            headers: { 'content-type': 'text/plain', origin: 'https://demo-shop.com' },
            body: JSON.stringify({
              anonymousId: `crash-visitor-${n}-${String(i).padStart(8, '0')}`,
              action: 'accept',
              categories: ['statistics'],
              consentVersion: 1,
            }),
          });
          if (res.status === 201) acknowledged.push(((await res.json()) as { id: string }).id);
        } catch {
          // The connection the kill cut: that record was never acknowledged.
        }
      }
    };
    const visitors = Array.from({ length: 20 }, (_, n) => visitor(n));
    const started = Date.now();
    while (acknowledged.length < 400 && Date.now() - started < 30_000) await new Promise((r) => setTimeout(r, 20));
    child.kill('SIGKILL');
    stop = true;
    await Promise.all(visitors);
    await new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));
    expect(child.signalCode).toBe('SIGKILL');
    expect(acknowledged.length).toBeGreaterThanOrEqual(400);

    // The database folder the killed process left behind opens (PostgreSQL's crash recovery) ...
    const log = createConsentLog({ dataDir: `${dbFile.replace(/\.json$/, '')}.consent-log` });
    await log.ready();
    const missing: string[] = [];
    for (const id of acknowledged) if (!(await log.find(1, id))) missing.push(id);
    expect(missing).toEqual([]);
    await log.close();

    // ... and the server starts on it again and goes on recording.
    const again = await startServer();
    const res = await fetch(`${again.baseUrl}/consent/1/records`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', origin: 'https://demo-shop.com' },
      body: JSON.stringify({ anonymousId: 'crash-visitor-after-restart', action: 'decline', categories: [], consentVersion: 1 }),
    });
    expect(res.status).toBe(201);
    again.child.kill('SIGTERM');
  }, 180_000);
});
