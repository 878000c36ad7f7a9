/**
 * `npm start`'s app: the production build in `dist/` (made again only when its inputs changed,
 * appBuild.ts), served compressed and cached as customers get it, on http://127.0.0.1:5173.
 * `npm run dev` runs Vite's dev server there instead.
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureAppBuilt } from './appBuild.ts';
import { startAppServer } from './appServer.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const HOST = '127.0.0.1';
const PORT = 5173;

console.log('Checking the app build…');
const { built, ms } = await ensureAppBuilt(join(ROOT, 'dist'));
console.log(built ? `Built the app in ${(ms / 1000).toFixed(1)} s (its sources changed).` : `The app build is up to date (checked in ${ms} ms).`);
const app = await startAppServer(join(ROOT, 'dist'), HOST, PORT);
console.log(`App (production build) on ${app.url}/`);

const stop = (): void => void app.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
