/**
 * The bench's anchor (docs/performance.md): the stock react-admin app of `bench/anchor/` built
 * with Vite's defaults and the same node_modules as ours (react-admin, ra-data-json-server, MUI,
 * React), into a temp folder, and served by the same server as ours (precompressed, hashed
 * assets cached), so Lighthouse can measure both in the same run and our figures read as ratios to it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { startAppServer } from '../scripts/app/appServer';
import { precompress } from '../scripts/app/precompress';

const ANCHOR_DIR = resolve(dirname(fileURLToPath(import.meta.url)), 'anchor');
/** Our favicon and robots.txt: a stock app ships its own, and a missing favicon is a console error Lighthouse counts. */
const PUBLIC_DIR = resolve(ANCHOR_DIR, '../../public');
/** Where the anchor's list lives (react-admin's default hash router). */
export const ANCHOR_LIST_PATH = '/#/consent-solutions';

export interface AnchorApp {
  url: string;
  close: () => Promise<void>;
}

/** Builds the anchor against `apiUrl` (baked in, as ours is) and serves it on `port`. */
export const startAnchorApp = async (apiUrl: string, port: number): Promise<AnchorApp> => {
  const outDir = mkdtempSync(join(tmpdir(), 'bench-anchor-'));
  const config = {
    configFile: false as const,
    root: ANCHOR_DIR,
    publicDir: PUBLIC_DIR,
    cacheDir: join(outDir, '.vite-cache'),
    logLevel: 'warn' as const,
    plugins: [react()],
  };
  const previous = process.env.VITE_API_URL;
  process.env.VITE_API_URL = apiUrl;
  try {
    // Vite's defaults: one chunk of over 1 MB, as a stock app has (its warning says so and is not news here).
    await build({ ...config, build: { outDir: join(outDir, 'dist'), emptyOutDir: true, chunkSizeWarningLimit: 5000 } });
  } finally {
    if (previous === undefined) delete process.env.VITE_API_URL;
    else process.env.VITE_API_URL = previous;
  }
  await precompress(join(outDir, 'dist'));
  const server = await startAppServer(join(outDir, 'dist'), '127.0.0.1', port);
  return {
    url: server.url,
    close: async () => {
      await server.close();
      rmSync(outDir, { recursive: true, force: true });
    },
  };
};
