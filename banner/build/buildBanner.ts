import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BANNER_ENTRIES, type BannerEntry } from '../entries.ts';

/**
 * The banner's build: each entry of `banner/entries.ts` bundled and minified by Vite in library
 * mode into one classic script (IIFE) in `banner/dist/`, which publishing and the admin's
 * preview read. A fingerprint of the sources is stored beside the files: when it still matches
 * nothing is built, so every command can call this first at almost no cost and never use a
 * file older than its sources.
 */

const BANNER_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE_DIR = join(BANNER_DIR, 'src');
export const BANNER_DIST = join(BANNER_DIR, 'dist');
const MANIFEST = join(BANNER_DIST, 'manifest.json');
/** Browsers of customers' visitors: what the runtime's syntax is lowered to. */
const TARGET = 'es2017';

interface Manifest {
  fingerprint: string;
  files: Record<string, string>;
}

const isRuntimeSource = (name: string): boolean => /\.ts$/.test(name) && !/\.test\.ts$/.test(name);

/** The files a build depends on: the runtime's sources, the entry list and this build script. */
export const bannerBuildInputs = (): string[] => [
  ...readdirSync(SOURCE_DIR, { recursive: true, encoding: 'utf8' })
    .filter(isRuntimeSource)
    .sort()
    .map((name) => join(SOURCE_DIR, name)),
  join(BANNER_DIR, 'entries.ts'),
  fileURLToPath(import.meta.url),
];

const viteVersion = (): string => (createRequire(import.meta.url)('vite/package.json') as { version: string }).version;

const fingerprint = (): string => {
  const hash = createHash('sha256');
  hash.update(`vite ${viteVersion()}\0`);
  for (const file of bannerBuildInputs())
    hash
      .update(`${relative(BANNER_DIR, file)}\0`)
      .update(readFileSync(file))
      .update('\0');
  return hash.digest('hex');
};

const readManifest = (): Manifest | undefined => {
  try {
    return JSON.parse(readFileSync(MANIFEST, 'utf8')) as Manifest;
  } catch {
    return undefined;
  }
};

const buildAll = async (expected: string): Promise<void> => {
  const { build } = await import('vite');
  // Built aside, then renamed into place: a reader (or a second build at once) never sees half a file.
  const staging = join(BANNER_DIST, `.staging-${process.pid}-${Date.now()}`);
  try {
    const files: Record<string, string> = {};
    for (const [name, { source, global }] of Object.entries(BANNER_ENTRIES)) {
      const file = `${name}.js`;
      await build({
        configFile: false,
        root: BANNER_DIR,
        publicDir: false,
        logLevel: 'warn',
        build: {
          outDir: staging,
          emptyOutDir: false,
          target: TARGET,
          minify: true,
          sourcemap: false,
          reportCompressedSize: false,
          lib: { entry: join(SOURCE_DIR, source), name: global, formats: ['iife'], fileName: () => file },
        },
      });
      files[name] = file;
    }
    for (const file of Object.values(files)) renameSync(join(staging, file), join(BANNER_DIST, file));
    const manifest: Manifest = { fingerprint: expected, files };
    writeFileSync(join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    renameSync(join(staging, 'manifest.json'), MANIFEST);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
};

let pending: { fingerprint: string; done: Promise<void> } | undefined;

/** Builds the banner's scripts unless the built ones match their sources; one build at a time. */
export const ensureBannerBuilt = async (): Promise<void> => {
  const expected = fingerprint();
  if (readManifest()?.fingerprint === expected) return;
  if (pending?.fingerprint !== expected) {
    mkdirSync(BANNER_DIST, { recursive: true });
    pending = { fingerprint: expected, done: buildAll(expected) };
  }
  await pending.done;
};

/** A built script, read fresh each time (publishing is rare, and a rebuild replaces the file). */
export const readBannerRuntime = (entry: BannerEntry): string => {
  try {
    return readFileSync(join(BANNER_DIST, `${entry}.js`), 'utf8');
  } catch {
    throw new Error(`The banner runtime "${entry}" is not built: run \`npm run build:banner\` (npm start, npm run api and npm test build it themselves).`);
  }
};
