import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

/** The readable half of the session (src/providers/sessionState.ts): present = logged in. */
const SESSION_COOKIE = 'ci_hp';
const ADMIN_MODULE = /\/src\/AdminApp\.tsx$/;

const chunks = (bundle: OutputBundle): OutputChunk[] => Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');

/** A chunk and its static imports, transitively. */
const closure = (bundle: OutputBundle, fileName: string, seen = new Set<string>()): Set<string> => {
  const chunk = bundle[fileName];
  if (seen.has(fileName) || chunk?.type !== 'chunk') return seen;
  seen.add(fileName);
  for (const imported of chunk.imports) closure(bundle, imported, seen);
  return seen;
};

/**
 * Issue 18: a logged-in visitor's page load fetched the admin (react-admin, its chunk and their
 * imports, about 200 kB gzip) only once the entry had downloaded and run, one more round trip
 * in series before the shell could paint. A few bytes of inline script in index.html start
 * those downloads with the entry's when the session cookie is there; the login route (no
 * session) fetches nothing more. The files are the build's own, named at build time.
 */
export const adminPreloadPlugin = (): Plugin => {
  let base = '/';
  return {
    name: 'admin-preload',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (bundle === undefined) return html;
        const all = chunks(bundle);
        const entry = all.find((chunk) => chunk.isEntry);
        const admin = all.find((chunk) => chunk.facadeModuleId !== null && ADMIN_MODULE.test(chunk.facadeModuleId));
        if (entry === undefined || admin === undefined) throw new Error('admin-preload: no entry or AdminApp chunk in the bundle');
        const withEntry = closure(bundle, entry.fileName);
        const files = [...closure(bundle, admin.fileName)].filter((file) => !withEntry.has(file)).map((file) => `${base}${file}`);
        const script = `if(/(?:^|;\\s*)${SESSION_COOKIE}=/.test(document.cookie))for(const href of ${JSON.stringify(files)})document.head.appendChild(Object.assign(document.createElement('link'),{rel:'modulepreload',crossOrigin:'',href}))`;
        return [{ tag: 'script', children: script, injectTo: 'head' }];
      },
    },
  };
};
