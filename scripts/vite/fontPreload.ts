import type { Plugin } from 'vite';
import { indexHtmlFromBundle } from './indexHtmlFromBundle.ts';

/** The weights the first screens paint with: body text (400) and buttons and headings (500). */
const FIRST_PAINT_FONTS = /(?:^|\/)roboto-latin-(?:400|500)-normal-[\w-]+\.woff2$/;

/**
 * A font is fetched only once text using it is laid out, so the first screen painted in the
 * fallback font and again in Roboto: the second paint was the page's largest one (LCP), and a
 * visible jump. The two weights are asked for early, from index.html, so that the first text
 * finds them loaded (in the bench, every first paint stayed the largest); but not before the
 * page's first frame: Chromium holds a page's first frame back while a font requested before it
 * is loading, and on a busy CPU the frame then came a second or two late
 * (`<link rel=preload as=font>`: 5 of 8 loads of `/login/` with one core busy, none without it;
 * docs/performance.md). A `FontFace` of the same file and the stylesheet's
 * `@font-face` share one request. The files are the build's own, named at build time.
 */
const firstPaintFontsScript = (hrefs: readonly string[]): string =>
  `requestAnimationFrame(()=>{for(const href of ${JSON.stringify(hrefs)})new FontFace('Roboto','url('+href+')').load().catch(()=>{})})`;

export const fontPreloadPlugin = (): Plugin =>
  indexHtmlFromBundle('font-preload', (bundle, base) => {
    const fonts = Object.keys(bundle).filter((file) => FIRST_PAINT_FONTS.test(file));
    if (fonts.length !== 2) throw new Error(`font-preload: expected the 400 and 500 Roboto files, found ${fonts.length}`);
    return [{ tag: 'script', children: firstPaintFontsScript(fonts.map((file) => `${base}${file}`)), injectTo: 'head' }];
  });
