#!/usr/bin/env node
// `npm start`: the dev API (seeded on first start) and the app as customers get it, a production
// build (rebuilt when its sources changed) served compressed and cached (scripts/app/serve.ts).
// `npm run dev` (`--dev`): the same API beside Vite's dev server, which reloads on every change.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const dev = process.argv.includes('--dev');
const apiPort = process.env.API_PORT ?? '3001';
const apiHost = process.env.API_HOST ?? '127.0.0.1';
const appUrl = 'http://127.0.0.1:5173/';
const env = { ...process.env, API_PORT: apiPort, VITE_API_URL: process.env.VITE_API_URL ?? `http://${apiHost}:${apiPort}` };

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
      console.log(`\n  App:     ${appUrl} (${what})\n  Dev API: ${env.VITE_API_URL}\n  Demo logins are listed above (password Demo-Password-2026).\n`);
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
