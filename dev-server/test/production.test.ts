import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { demoDataProblem } from '../deployChecks';
import { buildProductionState, buildSeedState, DEMO_PASSWORD } from '../seed';
import { postJson } from './http';

/**
 * DEPLOY-1: `NODE_ENV=production` as an operator runs it: the real start command and the real
 * create-admin command, as processes, against a new database in a temp folder.
 */

const REPO = resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'production-test-'));
const dbFile = join(dir, 'db.json');
const JWT_SECRET = randomBytes(48).toString('base64url');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const freePort = (): Promise<number> =>
  new Promise((done, fail) => {
    const probe = createNetServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))));
    });
  });

interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** A dev-server script run by Node with tsx, in an environment of only what is given (nothing inherited but PATH and HOME). */
const run = (script: string, env: Record<string, string>, args: string[] = []): Run => {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: REPO,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DB_FILE: dbFile, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return { child, output: () => output, exited };
};

const untilListening = async (api: Run): Promise<void> => {
  const started = Date.now();
  while (!/API listening/.test(api.output())) {
    if (api.child.exitCode !== null) throw new Error(`the API exited: ${api.output()}`);
    if (Date.now() - started > 150_000) throw new Error(`the API did not start: ${api.output()}`);
    await new Promise((done) => setTimeout(done, 100));
  }
};

const stop = async (api: Run): Promise<void> => {
  api.child.kill('SIGTERM');
  await api.exited;
};

const production = { NODE_ENV: 'production', JWT_SECRET };

describe('production mode (DEPLOY-1)', () => {
  it('[DEPLOY-1] refuses to start without a JWT secret, saying what to set, and writes nothing (the other refusals: config.test.ts)', async () => {
    const api = run('dev-server/index.ts', { NODE_ENV: 'production' });
    expect(await api.exited, api.output()).toBe(1);
    expect(api.output()).toMatch(/JWT_SECRET is not set: production signs sessions with it\. Set it to a random value/);
    expect(api.output()).not.toMatch(/\n\s+at /);
    expect(existsSync(dbFile)).toBe(false);
  }, 60_000);

  it('[DEPLOY-1] refuses a database that holds the demo logins, and not the one production starts with', async () => {
    expect(demoDataProblem(await buildSeedState({ bcryptCost: 10 }))).toMatch(/demo login\(s\) \(owner@demo\.test…\) whose password is public/);
    expect(demoDataProblem(buildProductionState())).toBeNull();
  });

  it('[DEPLOY-1] seeds nothing, prints no secret, serves no dev route; the first administrator comes from create-admin, its generated password shown once', async () => {
    const weak = run('dev-server/createAdmin.ts', {}, ['--email', 'ops@provider.example']);
    weak.child.stdin?.end('short\n');
    expect(await weak.exited).toBe(1);
    expect(weak.output()).toMatch(/does not meet the rules: At least 10 characters/);

    const created = run('dev-server/createAdmin.ts', {}, ['--email', 'Ops@Provider.example', '--name', 'Olga Ops', '--generate-password']);
    expect(await created.exited, created.output()).toBe(0);
    const password = /Password \(shown once[^)]*\): (\S+)/.exec(created.output())?.[1] ?? '';
    expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const state = JSON.parse(readFileSync(dbFile, 'utf8')) as { users: { email: string; roles: string[] }[]; coupons: unknown[]; consentSolutions?: unknown };
    expect(state.users.map((user) => [user.email, user.roles])).toEqual([['ops@provider.example', ['ROLE_ADMIN']]]);
    expect([state.coupons, state.consentSolutions]).toEqual([[], undefined]);
    expect(JSON.stringify(state)).not.toContain(password);

    const port = String(await freePort());
    const baseUrl = `http://127.0.0.1:${port}`;
    const api = run('dev-server/index.ts', { ...production, API_PORT: port });
    try {
      await untilListening(api);
      expect((await postJson(baseUrl, '/login_check', { email: 'admin@demo.test', password: DEMO_PASSWORD })).status).toBe(401);
      const login = await postJson(baseUrl, '/login_check', { email: 'ops@provider.example', password });
      expect(login.status).toBe(200);
      const attempts: Record<string, string>[] = [{}, { 'x-dev-secret': JWT_SECRET }];
      for (const headers of attempts) expect((await fetch(`${baseUrl}/dev/outbox`, { headers })).status).toBe(404);
      // A tool that rewrote the file now would see its change overwritten by the running API.
      const refused = run('dev-server/createAdmin.ts', {}, ['--email', 'second@provider.example', '--generate-password']);
      expect(await refused.exited).toBe(1);
      expect(refused.output()).toMatch(/The API is using .*db\.json .*Stop it first/);
    } finally {
      await stop(api);
    }
    const log = api.output();
    expect(log).toMatch(/API listening on .* \(production; dev routes off\)/);
    for (const secret of [JWT_SECRET, password, DEMO_PASSWORD, '@demo.test']) expect(log).not.toContain(secret);
  }, 300_000);
});
