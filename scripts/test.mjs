#!/usr/bin/env node
// The one test command (`npm test`): Chromium check, lint, type-check, then every Vitest
// project (unit (Node), component (jsdom), API over HTTP, browser). Ends with one plain summary line.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { countTests } from './testSummary.mjs';
import { start as startPostgres } from './throwaway-postgres.mjs';

/** A port free now, for a server started minutes later (its user falls back if it was taken). */
const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(0)} s`;

const fail = (label, code) => {
  console.error(`\n${label} failed (exit ${code}).`);
  console.log('0 passed, 1 failed');
  process.exit(typeof code === 'number' && code !== 0 ? code : 1);
};

const run = (label, command, args) => {
  console.log(`\n=== ${label}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  if (result.status !== 0) fail(label, result.status ?? result.signal);
  console.log(`(${label}: ${seconds(started)})`);
};

/** One step with its output held back, so that two lanes running at once print whole sections. */
const runQuiet = (label, command, args) =>
  new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' } });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => resolve({ label, code: code ?? signal, output: Buffer.concat(output).toString(), time: seconds(started) }));
  });

/** Steps one after another, stopping at the first failure. */
const lane = async (steps) => {
  const results = [];
  for (const [label, command, args] of steps) {
    const result = await runQuiet(label, command, args);
    results.push(result);
    if (result.code !== 0) break;
  }
  return results;
};

run('Chromium', 'bash', ['scripts/ensure-chromium.sh']);
// ESLint and the type-checker each keep one core busy for about a minute: on two cores they run
// side by side, each lane printed when it ends.
const lanes = await Promise.all([
  lane([['Lint', 'npx', ['eslint', '.', '--max-warnings=0']]]),
  lane([
    ['Format (Prettier; `npm run format` fixes it)', 'npx', ['prettier', '--check', '--log-level', 'warn', '.']],
    ['Type-check (app)', 'npx', ['tsc', '-p', 'tsconfig.json']],
    ['Type-check (dev API, tests, scripts)', 'npx', ['tsc', '-p', 'tsconfig.node.json']],
  ]),
]);
for (const result of lanes.flat()) {
  console.log(`\n=== ${result.label} (${result.time})`);
  if (result.output !== '') process.stdout.write(result.output);
}
const failedStep = lanes.flat().find((result) => result.code !== 0);
if (failedStep) fail(failedStep.label, failedStep.code);
// PERF-1: bytes, not timings, so the JS budgets (the login route, the consent-solution detail;
// docs/performance.md) are checked on every run. The browser tests serve this same build: it
// has the URL of the API they start baked in, on a port reserved here (e2e/support/globalSetup.ts).
const e2eApiPort = await freePort();
const appDist = 'node_modules/.budget-dist';
const apiUrlBefore = process.env.VITE_API_URL;
process.env.VITE_API_URL = `http://127.0.0.1:${e2eApiPort}`;
run('Build', 'npx', ['vite', 'build', '--outDir', appDist, '--emptyOutDir', '--logLevel', 'warn']);
if (apiUrlBefore === undefined) delete process.env.VITE_API_URL;
else process.env.VITE_API_URL = apiUrlBefore;
run('JS budgets (login route, consent-solution detail)', 'node', ['scripts/bundle-size.mjs', appDist]);

// LOG-1: the consent-log suite runs on the embedded database and, when one can be had, on a
// throw-away PostgreSQL server too (its URL reaches the tests as CONSENT_LOG_TEST_DATABASE_URL).
console.log('\n=== PostgreSQL server for the consent-log tests');
const postgres = process.env.CONSENT_LOG_TEST_DATABASE_URL ? { url: process.env.CONSENT_LOG_TEST_DATABASE_URL, stop: () => undefined } : await startPostgres();
if (postgres.missing) console.warn(`${postgres.missing}\nThe consent-log tests run on the embedded database only.`);
else console.log(`postgresql: ${postgres.url}`);
const testEnv = {
  ...process.env,
  E2E_APP_DIST: appDist,
  E2E_API_PORT: String(e2eApiPort),
  ...(postgres.url ? { CONSENT_LOG_TEST_DATABASE_URL: postgres.url } : {}),
};

mkdirSync('test-results', { recursive: true });
const report = 'test-results/vitest.json';
console.log('\n=== Tests: unit (Node), component (jsdom), API over HTTP, browser (Chromium)');
const testsStarted = Date.now();
const tests = spawnSync('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], {
  stdio: 'inherit',
  env: testEnv,
});
postgres.stop?.();
console.log(`(Tests: ${seconds(testsStarted)})`);

let passed = 0;
let failed = 0;
if (existsSync(report)) {
  ({ passed, failed } = countTests(JSON.parse(readFileSync(report, 'utf8'))));
}
if (tests.status !== 0 && failed === 0) failed = 1;
console.log(`\nTests: ${passed} passed, ${failed} failed`);
process.exit(tests.status === 0 && failed === 0 ? 0 : 1);
