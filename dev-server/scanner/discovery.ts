import type { AddressPolicy } from './addressGuard';
import type { Refusal } from './guardProxy';
import { guardedFetchText } from './guardedFetch';
import { parseRobots, SCANNER_AGENT, type RobotsRules } from './robots';
import { parseSitemap } from './sitemap';
import { looksLikeFile, normaliseUrl, sameSite } from './urls';

/**
 * SCAN-3: a crawl's first pages: the start page, then the sitemaps' pages (those robots.txt
 * names, else /sitemap.xml), nested sitemap indexes followed a few levels, all under the page
 * budget; links found on visited pages add the rest.
 */

const MAX_SITEMAPS = 20;
const SITEMAP_BYTES = 20 * 1024 * 1024;

export interface Discovery {
  robotsTxt: string | null;
  robots: RobotsRules;
  urls: string[];
}

/** Same-site pages robots.txt allows, normalised, in order, once each. */
export const admissible = (hrefs: readonly string[], start: URL, domain: string, robots: RobotsRules): string[] => {
  const out: string[] = [];
  for (const href of hrefs) {
    const url = normaliseUrl(href);
    if (url === null || !sameSite(url, start, domain) || looksLikeFile(url) || !robots.allowed(url)) continue;
    out.push(url);
  }
  return out;
};

export const discover = async (
  policy: AddressPolicy,
  startUrl: string,
  domain: string,
  budget: number,
  options: { timeoutMs: number; onRefused: (refusal: Refusal) => void },
): Promise<Discovery> => {
  const start = new URL(startUrl);
  const fetchOptions = { timeoutMs: options.timeoutMs, maxBytes: SITEMAP_BYTES, userAgent: SCANNER_AGENT, onRefused: options.onRefused };
  const robotsUrl = new URL('/robots.txt', start).href;
  const fetched = await guardedFetchText(policy, robotsUrl, { ...fetchOptions, maxBytes: 512 * 1024 });
  const robotsTxt = fetched && fetched.status >= 200 && fetched.status < 300 ? fetched.body : null;
  const robots = parseRobots(robotsUrl, robotsTxt);
  const first = normaliseUrl(startUrl) ?? startUrl;
  const urls = [first];
  const seen = new Set(urls);
  const queue = (robots.sitemaps.length > 0 ? robots.sitemaps : ['/sitemap.xml']).map((href) => normaliseUrl(href, robotsUrl)).filter((href) => href !== null);
  let read = 0;
  while (queue.length > 0 && read < MAX_SITEMAPS && urls.length < budget) {
    const next = queue.shift() as string;
    // Only the site's own sitemaps: a robots.txt naming another host's is not followed.
    if (!sameSite(next, start, domain)) continue;
    read += 1;
    const sitemap = await guardedFetchText(policy, next, fetchOptions);
    if (!sitemap || sitemap.status < 200 || sitemap.status >= 300) continue;
    const content = parseSitemap(sitemap.body);
    queue.push(...content.sitemaps.map((href) => normaliseUrl(href, next)).filter((href) => href !== null));
    for (const url of admissible(content.pages, start, domain, robots)) {
      if (seen.has(url)) continue;
      seen.add(url);
      urls.push(url);
      if (urls.length >= budget) break;
    }
  }
  return { robotsTxt, robots, urls };
};
