#!/usr/bin/env node
// `npm start`: the dev API (seeded on first start) and the app's dev server, side by side.
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '3001';
const apiHost = process.env.API_HOST ?? '127.0.0.1';
const env = { ...process.env, API_PORT: apiPort, VITE_API_URL: process.env.VITE_API_URL ?? `http://${apiHost}:${apiPort}` };

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
      console.log(`\n  App:     http://127.0.0.1:5173/\n  Dev API: ${env.VITE_API_URL}\n  Demo logins are listed above (password Demo-Password-2026).\n`);
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
