import type { Plugin } from 'vite';
import { chunksOf, staticClosure } from './bundleGraph.ts';
import { indexHtmlFromBundle } from './indexHtmlFromBundle.ts';

/** The readable half of the session (src/session/sessionState.ts): present = logged in. */
const SESSION_COOKIE = 'ci_hp';
/** The small chunk that paints the admin's loading frame and cookie notice (src/layout/AdminBoot.tsx). */
const BOOT_MODULE = /\/src\/layout\/AdminBoot\.tsx$/;

/**
 * A logged-in page paints the admin's loading frame and cookie notice from a small
 * chunk, fetched only once the entry had downloaded and run: one more round trip in series
 * before the first paint. A few bytes of inline script in index.html start that download with
 * the entry's when the session cookie is there; the login route (no session) fetches nothing
 * more. The admin itself is not preloaded: it would share the connection with the entry and
 * hold the first paint back (AdminBoot loads it once the frame is painted). The files are the
 * build's own, named at build time.
 */
export const bootPreloadPlugin = (): Plugin =>
  indexHtmlFromBundle('boot-preload', (bundle, base) => {
    const all = chunksOf(bundle);
    const entry = all.find((chunk) => chunk.isEntry);
    // The boot module is also imported by the admin's layout, so it may not be its chunk's facade.
    const boot = all.find((chunk) => chunk.moduleIds.some((id) => BOOT_MODULE.test(id)));
    if (entry === undefined || boot === undefined) throw new Error('boot-preload: no entry or AdminBoot chunk in the bundle');
    const withEntry = staticClosure(bundle, entry.fileName);
    const files = [...staticClosure(bundle, boot.fileName)].filter((file) => !withEntry.has(file)).map((file) => `${base}${file}`);
    const script = `if(/(?:^|;\\s*)${SESSION_COOKIE}=/.test(document.cookie))for(const href of ${JSON.stringify(files)})document.head.appendChild(Object.assign(document.createElement('link'),{rel:'modulepreload',crossOrigin:'',href}))`;
    return [{ tag: 'script', children: script, injectTo: 'head' }];
  });
