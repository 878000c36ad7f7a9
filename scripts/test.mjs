#!/usr/bin/env node
// The one test command (`npm test`): Chromium check, lint, type-check, then every Vitest
// project (unit and component, API over HTTP, browser). Ends with one plain summary line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { countTests } from './testSummary.mjs';
import { start as startPostgres } from './throwaway-postgres.mjs';

const run = (label, command, args) => {
  console.log(`\n=== ${label}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  if (result.status !== 0) {
    console.error(`\n${label} failed (exit ${result.status ?? result.signal}).`);
    console.log('0 passed, 1 failed');
    process.exit(result.status || 1);
  }
};

run('Chromium', 'bash', ['scripts/ensure-chromium.sh']);
run('Lint', 'npx', ['eslint', '.', '--max-warnings=0']);
run('Format (Prettier; `npm run format` fixes it)', 'npx', ['prettier', '--check', '--log-level', 'warn', '.']);
run('Type-check (app)', 'npx', ['tsc', '-p', 'tsconfig.json']);
run('Type-check (dev API, tests, scripts)', 'npx', ['tsc', '-p', 'tsconfig.node.json']);
// PERF-1: bytes, not timings, so the JS budgets (the login route, the consent-solution detail;
// docs/performance.md) are checked on every run.
run('Build', 'npx', ['vite', 'build', '--outDir', 'node_modules/.budget-dist', '--emptyOutDir', '--logLevel', 'warn']);
run('JS budgets (login route, consent-solution detail)', 'node', ['scripts/bundle-size.mjs', 'node_modules/.budget-dist']);

// LOG-1: the consent-log suite runs on the embedded database and, when one can be had, on a
// throw-away PostgreSQL server too (its URL reaches the tests as CONSENT_LOG_TEST_DATABASE_URL).
console.log('\n=== PostgreSQL server for the consent-log tests');
const postgres = process.env.CONSENT_LOG_TEST_DATABASE_URL ? { url: process.env.CONSENT_LOG_TEST_DATABASE_URL, stop: () => undefined } : await startPostgres();
if (postgres.missing) console.warn(`${postgres.missing}\nThe consent-log tests run on the embedded database only.`);
else console.log(`postgresql: ${postgres.url}`);
const testEnv = postgres.url ? { ...process.env, CONSENT_LOG_TEST_DATABASE_URL: postgres.url } : process.env;

mkdirSync('test-results', { recursive: true });
const report = 'test-results/vitest.json';
console.log('\n=== Tests: unit and component, API over HTTP, browser (Chromium)');
const tests = spawnSync('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], {
  stdio: 'inherit',
  env: testEnv,
});
postgres.stop?.();

let passed = 0;
let failed = 0;
if (existsSync(report)) {
  ({ passed, failed } = countTests(JSON.parse(readFileSync(report, 'utf8'))));
}
if (tests.status !== 0 && failed === 0) failed = 1;
console.log(`\nTests: ${passed} passed, ${failed} failed`);
process.exit(tests.status === 0 && failed === 0 ? 0 : 1);
