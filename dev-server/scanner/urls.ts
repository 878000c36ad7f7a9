/**
 * SCAN-3: one page, one URL. Links reach the same page with fragments, tracking parameters and
 * parameters in any order; the frontier keys pages by this normal form so they do not multiply.
 * Paths are left as written (a trailing slash is the site's to decide: a redirect from one form
 * to the other is followed, and the form it lands on is remembered as the same page).
 */

const TRACKING =
  /^(utm_[a-z0-9_]*|gclid|gclsrc|dclid|gbraid|wbraid|fbclid|msclkid|yclid|twclid|ttclid|li_fat_id|igshid|mc_cid|mc_eid|_ga|_gl|_hsenc|_hsmi|mkt_tok|oly_anon_id|oly_enc_id|vero_id|s_cid)$/i;

/** The page's normal form, or null for what is not an http(s) page. */
export const normaliseUrl = (href: string, base?: string): string | null => {
  let url: URL;
  try {
    url = base === undefined ? new URL(href) : new URL(href, base);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  url.hash = '';
  url.username = '';
  url.password = '';
  const kept = [...url.searchParams.entries()].filter(([name]) => !TRACKING.test(name));
  kept.sort(([a, av], [b, bv]) => (a === b ? av.localeCompare(bv) : a.localeCompare(b)));
  url.search = kept.length === 0 ? '' : new URLSearchParams(kept).toString();
  return url.href;
};

/** The crawl's own site: the canonical domain or a subdomain, on the start page's scheme and port. */
export const sameSite = (href: string, start: URL, domain: string): boolean => {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return false;
  }
  return url.protocol === start.protocol && url.port === start.port && (url.hostname === domain || url.hostname.endsWith(`.${domain}`));
};

/** Pages that are files, not HTML: not worth a browser visit. */
export const looksLikeFile = (href: string): boolean =>
  /\.(pdf|zip|gz|tgz|rar|7z|exe|dmg|msi|jpg|jpeg|png|gif|webp|svg|ico|mp3|mp4|webm|avi|mov|woff2?|ttf|css|js|json|xml|txt|csv|xlsx?|docx?|pptx?)$/i.test(
    new URL(href).pathname,
  );
