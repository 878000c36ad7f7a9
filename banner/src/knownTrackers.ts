/**
 * Autoblocking (PROMISE-1, the solution's setting): what it adds to the customer's own marking.
 * A script or iframe the page adds unmarked whose host is a known tracker's is turned into a
 * marked one of the tracker's category before it runs (the parser lets observers act before it
 * runs a script it has just read), so it then waits like a marked one. Google's tags are left
 * alone under advanced Consent Mode, where they are meant to load and read the denied state.
 */
const TRACKERS: readonly (readonly [string, string])[] = [
  ['google-analytics.com', 'statistics'],
  ['googletagmanager.com', 'statistics'],
  ['hotjar.com', 'statistics'],
  ['clarity.ms', 'statistics'],
  ['doubleclick.net', 'marketing'],
  ['googleadservices.com', 'marketing'],
  ['googlesyndication.com', 'marketing'],
  ['connect.facebook.net', 'marketing'],
  ['snap.licdn.com', 'marketing'],
  ['bat.bing.com', 'marketing'],
  ['hs-scripts.com', 'marketing'],
  ['hs-analytics.net', 'marketing'],
  ['analytics.tiktok.com', 'marketing'],
  ['youtube.com', 'marketing'],
];

const GOOGLE_TAGS = /(^|\.)(google-analytics|googletagmanager)\.com$/;

/** The category of a known tracker's URL, or null. */
export const trackerCategory = (url: string, googleTagsLoad: boolean): string | null => {
  let host: string;
  try {
    host = new URL(url, document.baseURI).hostname;
  } catch {
    return null;
  }
  if (googleTagsLoad && GOOGLE_TAGS.test(host)) return null;
  for (const [domain, category] of TRACKERS) if (host === domain || host.slice(-domain.length - 1) === `.${domain}`) return category;
  return null;
};

/** Marks an unmarked known tracker's script or iframe (not yet consented) so that it waits. */
export const holdTracker = (node: Element, categories: () => readonly string[], googleTagsLoad: boolean): void => {
  const isScript = node instanceof HTMLScriptElement;
  if (!(isScript || node instanceof HTMLIFrameElement) || node.hasAttribute('data-consent-category')) return;
  const src = node.getAttribute('src');
  const category = src ? trackerCategory(src, googleTagsLoad) : null;
  if (category === null || categories().includes(category)) return;
  node.setAttribute('data-consent-category', category);
  if (isScript) {
    const type = node.getAttribute('type');
    if (type) node.setAttribute('data-type', type);
    node.setAttribute('type', 'text/plain');
  } else {
    node.setAttribute('data-src', src as string);
    node.setAttribute('src', 'about:blank');
  }
};
