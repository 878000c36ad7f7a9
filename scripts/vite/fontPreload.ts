import type { Plugin } from 'vite';
import { indexHtmlFromBundle } from './indexHtmlFromBundle.ts';

/** The weights the first screens paint with: body text (400) and buttons and headings (500). */
const FIRST_PAINT_FONTS = /(?:^|\/)roboto-latin-(?:400|500)-normal-[\w-]+\.woff2$/;

/**
 * A font is fetched only once text using it is laid out, so the first screen painted
 * in the fallback font and again in Roboto; the second paint was the page's largest one (LCP),
 * and a visible jump. Preloading the two weights from index.html lets them arrive with the
 * entry. The files are the build's own, named at build time; `crossorigin` is required for
 * fonts, or the preload is not reused by the @font-face request.
 */
export const fontPreloadPlugin = (): Plugin =>
  indexHtmlFromBundle('font-preload', (bundle, base) => {
    const fonts = Object.keys(bundle).filter((file) => FIRST_PAINT_FONTS.test(file));
    if (fonts.length !== 2) throw new Error(`font-preload: expected the 400 and 500 Roboto files, found ${fonts.length}`);
    return fonts.map((file) => ({
      tag: 'link',
      attrs: { rel: 'preload', as: 'font', type: 'font/woff2', crossorigin: '', href: `${base}${file}` },
      injectTo: 'head' as const,
    }));
  });
