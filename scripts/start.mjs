#!/usr/bin/env node
// `npm start`: the dev API (seeded on first start) and the app's dev server, side by side.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';

const apiPort = process.env.API_PORT ?? '3001';
const apiHost = process.env.API_HOST ?? '127.0.0.1';
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

const children = [
  spawn('npx', ['tsx', 'dev-server/index.ts'], { stdio: 'inherit', env }),
  spawn('npx', ['vite', '--host', '127.0.0.1', '--port', '5173', '--strictPort'], { stdio: 'inherit', env }),
];

// Any HTTP answer (even 404) means a server is up; print the summary once both are.
const answers = async (url) => {
  try {
    await fetch(url);
    return true;
  } catch {
    return false;
  }
};
const waitForBoth = async () => {
  for (let attempt = 0; attempt < 120; attempt++) {
    if ((await answers(`${env.VITE_API_URL}/`)) && (await answers('http://127.0.0.1:5173/'))) {
      const outbox = devMode ? `\n  Outbox:  curl -H "X-Dev-Secret: $(cat var/dev-secret)" ${env.VITE_API_URL}/dev/outbox` : '';
      console.log(
        `\n  App:     http://127.0.0.1:5173/\n  Dev API: ${env.VITE_API_URL}${outbox}\n  Demo logins are listed above (password Demo-Password-2026).\n`,
      );
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
