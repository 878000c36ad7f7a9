import { cdnLoaderScript } from './coreLoader';

/**
 * PROMISE-5: `/cdn/{csId}/loader.js`, what the one installation snippet loads: a tiny classic
 * script, blocking by design, so that what must come before any other tag on the page comes
 * from the CDN and follows the settings (with the IAB TCF on, the stub; with Consent Mode on,
 * the defaults: composeInlineScript.ts), then the loader that adds `banner-full.js` after the
 * page's first contentful paint (coreLoader.ts). Its content changes with each publish; the tag
 * the customer pasted never does.
 */
export const loaderFileScript = (consentSolutionId: number, inline: string): string =>
  `${inline.trim() === '' ? '' : `${inline.trim()}\n`}${cdnLoaderScript(String(consentSolutionId))}\n`;
