import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import writeFileAtomic from 'write-file-atomic';

/**
 * The dev API's CDN: published banner scripts as files beside the database
 * (`<db>.cdn/<csId>/banner.<version>.js`, the UI's `banner-ui.<version>.<language>.js`…). Each publish writes a new file (temp file + rename,
 * so a reader never sees half a script) and only then is the solution switched to it; older
 * files stay, so a failed publish leaves the previous banner served as it was.
 */
const cdnRoot = (dbFile: string): string => `${dbFile.replace(/\.json$/, '')}.cdn`;

export const solutionDir = (dbFile: string, consentSolutionId: number): string => join(cdnRoot(dbFile), String(consentSolutionId));

const scriptFileName = (version: number): string => `banner.${version}.js`;

/** STD-8: the banner's core with one language's UI only. */
export const languageScriptFileName = (version: number, language: string): string => `banner.${version}.${language}.js`;

/** STD-8: the async snippet's script in one language: the core with that language's UI inside. */
export const fullScriptFileName = (version: number, language: string): string => `banner-full.${version}.${language}.js`;

/** STD-8: the banner's UI in one language, which the core loads. */
export const uiFileName = (version: number, language: string): string => `banner-ui.${version}.${language}.js`;

/** PROMISE-5: the one installation snippet's script (`loader.js`). */
export const loaderFileName = (version: number): string => `loader.${version}.js`;

/**
 * STD-11: where a publication's current-list files are served: `{path}.{gvlVersion}.{language}.json`
 * (routes/cdn.ts makes them from the list the API holds).
 */
export const tcfListPath = (consentSolutionId: number, version: number): string => `/cdn/${consentSolutionId}/gvl/${version}`;

/** STD-13: the IAB GPP module published with the banner when GPP is on (served at /cdn/{csId}/gpp/{version}.js). */
export const gppFileName = (version: number): string => `banner-gpp.${version}.js`;

/** STD-5: the cookie declaration published with the banner, in every language or in one (I18N-3). */
export const declarationFileName = (version: number, language?: string): string =>
  language === undefined ? `declaration.${version}.js` : `declaration.${version}.${language}.js`;

export interface WrittenScript {
  file: string;
  sha256: string;
  bytes: number;
}

/** Throws when the file cannot be written (the caller answers the publishing error). */
export const writeScript = (dbFile: string, consentSolutionId: number, version: number, script: string, file = scriptFileName(version)): WrittenScript => {
  const dir = solutionDir(dbFile, consentSolutionId);
  mkdirSync(dir, { recursive: true });
  writeFileAtomic.sync(join(dir, file), script, { encoding: 'utf8' });
  const buffer = Buffer.from(script, 'utf8');
  return { file, sha256: createHash('sha256').update(buffer).digest('hex'), bytes: buffer.length };
};

/** The script of a publication, or undefined when its file is gone. */
export const readScript = (dbFile: string, consentSolutionId: number, file: string): Buffer | undefined => {
  try {
    return readFileSync(join(solutionDir(dbFile, consentSolutionId), file));
  } catch {
    return undefined;
  }
};

/**
 * SEC-2: a deleted solution's scripts go too. Not served any more once its publications are
 * gone (the CDN route reads the publication first); this frees the disk.
 */
export const removeSolutionScripts = (dbFile: string, consentSolutionId: number): void => {
  rmSync(solutionDir(dbFile, consentSolutionId), { recursive: true, force: true });
};
