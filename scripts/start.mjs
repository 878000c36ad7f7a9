#!/usr/bin/env node
// `npm start`: the dev API (seeded on first start) and the app as customers get it, a production
// build (rebuilt when its sources changed) served compressed and cached (scripts/app/serve.ts).
// `npm run dev` (`--dev`): the same API beside Vite's dev server, which reloads on every change.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const dev = process.argv.includes('--dev');
const apiPort = process.env.API_PORT ?? '3001';
const apiHost = process.env.API_HOST ?? '127.0.0.1';
const appUrl = 'http://127.0.0.1:5173/';
// DEPLOY-3: the dev routes (outbox, clock) are on for this run, behind a secret made for it. It is
// kept in a file only this user reads, never printed: curl -H "X-Dev-Secret: $(cat var/dev-secret)" …
const devMode = process.env.NODE_ENV !== 'production' && !['0', 'false', 'off', 'no'].includes(process.env.DEV_MODE ?? '');
const devSecret = process.env.DEV_SECRET ?? randomBytes(32).toString('base64url');
if (devMode) {
  mkdirSync('var', { recursive: true });
  writeFileSync('var/dev-secret', `${devSecret}\n`, { mode: 0o600 });
  chmodSync('var/dev-secret', 0o600);
}
const env = {
  ...process.env,
  API_PORT: apiPort,
  VITE_API_URL: process.env.VITE_API_URL ?? `http://${apiHost}:${apiPort}`,
  ...(devMode ? { DEV_MODE: 'on', DEV_SECRET: devSecret } : {}),
};

// Node runs the tools' own scripts, not `npx`: npx does not pass a stop signal on, so stopping
// this process left the API and the app's server running. tsx passes it to its child.
const require = createRequire(import.meta.url);
const tsx = require.resolve('tsx/cli');
const vite = join(dirname(require.resolve('vite/package.json')), 'bin', 'vite.js');
const run = (script, args) => spawn(process.execPath, [script, ...args], { stdio: 'inherit', env });
const children = [
  run(tsx, ['dev-server/index.ts']),
  dev ? run(vite, ['--host', '127.0.0.1', '--port', '5173', '--strictPort']) : run(tsx, ['scripts/app/serve.ts']),
];

// Any HTTP answer (even 404) means a server is up; print the summary once both are. A first
// build takes a minute or more on a busy machine, hence the long wait.
const answers = async (url) => {
  try {
    await fetch(url);
    return true;
  } catch {
    return false;
  }
};
const waitForBoth = async () => {
  for (let attempt = 0; attempt < 1200; attempt++) {
    if ((await answers(`${env.VITE_API_URL}/`)) && (await answers(appUrl))) {
      const what = dev ? "Vite's dev server" : 'production build';
      const outbox = devMode ? `\n  Outbox:  curl -H "X-Dev-Secret: $(cat var/dev-secret)" ${env.VITE_API_URL}/dev/outbox` : '';
      console.log(`\n  App:     ${appUrl} (${what})\n  Dev API: ${env.VITE_API_URL}${outbox}\n  Demo logins are listed above (password Demo-Password-2026).\n`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
};
void waitForBoth();

const stop = (code) => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exit(code);
};
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
