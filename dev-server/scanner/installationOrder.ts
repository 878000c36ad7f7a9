/** One script of the checked page, as the health check reads it. */
interface PageScript {
  src: string;
  text: string;
}

/**
 * What the installation snippet itself may put before the banner's script (STD-8, TCF-1): its
 * inline part (the Consent Mode defaults it leaves in `cmConsentDefaults`, or the IAB stub with
 * its `__tcfapiLocator` frame) or the older snippet's stub tag.
 */
const isSnippetPart = (script: PageScript): boolean =>
  script.src === '' ? /cmConsentDefaults|__tcfapiLocator/.test(script.text) : /\/cdn\/tcf-stub\.js(\?|$)/.test(script.src);

/**
 * The banner's script of a solution as the page holds it: the snippet's `loader.js` (PROMISE-5),
 * an older tag (`banner.js`, or the loader's `banner-full.js` once added), or the older async
 * snippet whose loader adds it after the first paint (STD-8): that inline script names the CDN
 * URL, and its place is the banner's.
 */
export const bannerScriptOf = (consentSolutionId: number): ((script: PageScript) => boolean) => {
  const path = `/cdn/${consentSolutionId}/(banner(-full)?|loader)\\.js`;
  const named = new RegExp(`${path}"`);
  const loaded = new RegExp(`${path}(\\?|$)`);
  return (script) => (script.src === '' ? named.test(script.text) : loaded.test(script.src));
};

/**
 * BEYOND-8: the banner's script runs before the page's own: it is the first script, or only
 * its own snippet's first part comes before it.
 */
export const bannerLoadedFirst = (scripts: readonly PageScript[], isBanner: (script: PageScript) => boolean): boolean => {
  const index = scripts.findIndex(isBanner);
  return index >= 0 && scripts.slice(0, index).every(isSnippetPart);
};

/**
 * PROMISE-5: which snippet the page carries: the one of the Installation tab (`loader.js`), an
 * older one (the synchronous `banner.js` tag, or the inline snippet of an earlier publish), or none.
 */
export const snippetKind = (scripts: readonly PageScript[], consentSolutionId: number): 'current' | 'older' | null => {
  const current = new RegExp(`/cdn/${consentSolutionId}/loader\\.js(\\?|$)`);
  if (scripts.some((script) => current.test(script.src))) return 'current';
  return scripts.some(bannerScriptOf(consentSolutionId)) ? 'older' : null;
};
