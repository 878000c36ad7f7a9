import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** What is worth compressing: text. Fonts (woff2) and images are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|txt|xml|map|ico)$/;
/** Below this a compressed answer saves less than its headers cost. */
const MIN_BYTES = 1024;

/**
 * Writes `file.br` (quality 11) and `file.gz` (level 9) beside every text file of a build, once,
 * so the server sends the smallest encoding the browser accepts without compressing per request,
 * as a CDN or `brotli_static` would. Files run in parallel on libuv's thread pool.
 */
export const precompress = async (dir: string): Promise<void> => {
  const files = (await readdir(dir, { recursive: true, encoding: 'utf8' })).filter((name) => COMPRESSIBLE.test(name));
  await Promise.all(
    files.map(async (name) => {
      const path = join(dir, name);
      const content = await readFile(path);
      if (content.length < MIN_BYTES) return;
      const [br, gz] = await Promise.all([
        brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
        gzipped(content, { level: 9 }),
      ]);
      await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
    }),
  );
};
