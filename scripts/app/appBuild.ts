import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { precompress } from './precompress.ts';

/**
 * The app's production build for `npm start`, made only when its inputs changed: a fingerprint
 * (SHA-256) of every input file and of the `VITE_*` values the build bakes in is stored in the
 * build; when it matches, starting costs reading about 400 small files (tens of milliseconds),
 * not a build of a minute. The build is made aside and renamed into place, so a server or a
 * second start never sees half of one.
 */

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const FINGERPRINT_FILE = '.build-fingerprint';

/** Folders whose files go into the app's bundle or its build's configuration (tests excepted). */
const INPUT_FOLDERS = ['src', 'public', 'banner/src', 'banner/publish', 'banner/build', 'scripts/vite', 'scripts/app'];
/** Single files read by the build: the page, the configuration, the dependencies' exact versions. */
const INPUT_FILES = [
  'index.html',
  'vite.config.ts',
  'banner/entries.ts',
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.base.json',
  // Vite's own environment files, whose VITE_* values it bakes in as it does the environment's.
  '.env',
  '.env.local',
  '.env.production',
  '.env.production.local',
];

const isTest = (name: string): boolean => /\.test\.[cm]?[jt]sx?$/.test(name) || name.split(/[\\/]/).includes('test');

/** Every input file of the app's build, sorted, absolute. */
export const appBuildInputs = (root = ROOT): string[] => {
  const inFolders = INPUT_FOLDERS.flatMap((folder) => {
    const dir = join(root, folder);
    if (!existsSync(dir)) return [];
    return readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((name) => !isTest(name) && statSync(join(dir, name)).isFile())
      .map((name) => join(dir, name));
  });
  const single = INPUT_FILES.map((file) => join(root, file)).filter((file) => existsSync(file));
  return [...inFolders, ...single].sort();
};

/** True for a file whose changes `appBuildInputs` sees: the build checks every module it loads against this. */
export const isAppBuildInput = (file: string, root = ROOT): boolean => {
  const path = relative(root, file).split(sep).join('/');
  if (INPUT_FILES.includes(path)) return true;
  return INPUT_FOLDERS.some((folder) => path.startsWith(`${folder}/`)) && !isTest(path);
};

/** The values the build bakes into the app (Vite exposes `VITE_*` to it). */
const bakedEnv = (env: NodeJS.ProcessEnv): string[] =>
  Object.keys(env)
    .filter((key) => key.startsWith('VITE_'))
    .sort()
    .map((key) => `${key}=${env[key] ?? ''}`);

export const appBuildFingerprint = (env: NodeJS.ProcessEnv = process.env, root = ROOT): string => {
  const hash = createHash('sha256');
  const vite = (createRequire(import.meta.url)('vite/package.json') as { version: string }).version;
  hash.update(`node ${process.version}\0vite ${vite}\0`);
  for (const line of bakedEnv(env)) hash.update(`${line}\0`);
  for (const file of appBuildInputs(root))
    hash
      .update(`${relative(root, file)}\0`)
      .update(readFileSync(file))
      .update('\0');
  return hash.digest('hex');
};

const readFingerprint = (outDir: string): string | undefined => {
  try {
    return readFileSync(join(outDir, FINGERPRINT_FILE), 'utf8').trim();
  } catch {
    return undefined;
  }
};

export interface EnsureBuiltResult {
  built: boolean;
  ms: number;
}

/**
 * Builds the app into `outDir`, each text file compressed beside it for the server, unless the
 * build there was made from the same inputs and `VITE_*` values (read from the environment, as
 * Vite reads them).
 */
export const ensureAppBuilt = async (outDir: string): Promise<EnsureBuiltResult> => {
  const started = Date.now();
  const expected = appBuildFingerprint(process.env);
  if (readFingerprint(outDir) === expected) return { built: false, ms: Date.now() - started };
  const staging = `${outDir}.staging-${process.pid}`;
  const old = `${outDir}.old-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  try {
    const { build } = await import('vite');
    await build({ root: ROOT, logLevel: 'warn', build: { outDir: staging, emptyOutDir: true } });
    await precompress(staging);
    writeFileSync(join(staging, FINGERPRINT_FILE), `${expected}\n`);
    if (existsSync(outDir)) renameSync(outDir, old);
    renameSync(staging, outDir);
  } finally {
    rmSync(staging, { recursive: true, force: true });
    rmSync(old, { recursive: true, force: true });
  }
  return { built: true, ms: Date.now() - started };
};
