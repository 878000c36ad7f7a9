/**
 * The scanner bench's fixture site and third-party pixel in a process of their own, as a
 * customer's website is never in the provider's API process: the API's figures (its CPU, its
 * list's latency while crawling) then hold the API alone. Started by bench/scanner.ts with an IPC
 * channel: it answers `{ port, pixelPort }` once both listen, takes `{ banner: [host, SiteBanner] }`
 * messages, and stops when the channel closes.
 */
import { pagePath, startCrawlSite, startPixelHost, type SiteBanner } from '../dev-server/test/fixtures/sites/crawlSite';

interface SiteMessage {
  banner: [string, SiteBanner];
}

const PIXEL_HOST = process.env.BENCH_PIXEL_HOST;
const pages = Number(process.env.BENCH_SITE_PAGES);
if (!process.send || !PIXEL_HOST || !Number.isInteger(pages) || pages < 1)
  throw new Error('bench/siteProcess.ts: started by bench/scanner.ts with BENCH_SITE_PAGES and BENCH_PIXEL_HOST');

const pixel = await startPixelHost();
const paths = Array.from({ length: pages }, (_, i) => pagePath(i));
const site = await startCrawlSite({ pages, linksPerPage: 3, sitemap: paths, pixelOrigin: `http://${PIXEL_HOST}:${pixel.port}` });
process.on('message', (message: SiteMessage) => {
  site.banners.set(...message.banner);
});
process.once('disconnect', () => {
  void Promise.all([site.close(), pixel.close()]).then(() => process.exit(0));
});
process.send({ port: site.port, pixelPort: pixel.port });
