import robotsParser from 'robots-parser';

/**
 * SCAN-3: the site's robots.txt, read once per crawl and kept with it (every worker applies the
 * same rules): the pages it disallows are never visited, its `Crawl-delay` spaces the crawl's
 * page loads, its `Sitemap:` lines seed the frontier.
 */

/** The scanner's product token, matched against robots.txt groups. */
export const SCANNER_AGENT = 'ConsentScanner';
/** The longest Crawl-delay honoured: a site asking for more is crawled at this pace, not stalled for hours. */
const MAX_CRAWL_DELAY_S = 30;

export interface RobotsRules {
  allowed(url: string): boolean;
  crawlDelayMs: number;
  sitemaps: string[];
}

export const parseRobots = (robotsUrl: string, text: string | null): RobotsRules => {
  if (text === null) return { allowed: () => true, crawlDelayMs: 0, sitemaps: [] };
  const robots = robotsParser(robotsUrl, text);
  const delay = robots.getCrawlDelay(SCANNER_AGENT) ?? 0;
  return {
    allowed: (url) => robots.isAllowed(url, SCANNER_AGENT) !== false,
    crawlDelayMs: Math.round(Math.min(Math.max(0, Number.isFinite(delay) ? delay : 0), MAX_CRAWL_DELAY_S) * 1000),
    sitemaps: robots.getSitemaps(),
  };
};
