import { describe, expect, inject, it } from 'vitest';
import { logIn, useBrowser } from './support/browser';

/** PERF-1: what a crawler and a browser ask the built app for besides the pages (served by `npm start`'s server). */
describe('the static files of the built app', () => {
  const appUrl = inject('appUrl');

  it('[PERF-1] /robots.txt is a real robots file that keeps every page of the admin out of search engines', async () => {
    const response = await fetch(new URL('/robots.txt', appUrl));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const rules = (await response.text())
      .split('\n')
      .map((line) => line.replace(/#.*/, '').trim())
      .filter((line) => line !== '');
    expect(rules).toEqual(['User-agent: *', 'Disallow: /']);
  });

  it('[PERF-1] the favicon the page links to and /favicon.ico are images, not the app or a 404', async () => {
    const html = await (await fetch(new URL('/login/', appUrl))).text();
    const icons = [...html.matchAll(/<link rel="icon" href="([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(icons.length).toBeGreaterThan(0);
    for (const path of new Set(['/favicon.ico', ...icons])) {
      const response = await fetch(new URL(path, appUrl));
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toMatch(/^image\//);
    }
  });

  it('[PERF-1] every page has a meta description', async () => {
    for (const path of ['/login/', '/consent-solutions/']) {
      const html = await (await fetch(new URL(path, appUrl))).text();
      const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? '';
      expect(description.length, path).toBeGreaterThan(50);
    }
  });
});

/** PERF-1: `npm start` serves the production build as a CDN would (scripts/app/appServer.ts). */
describe('the app as customers get it', () => {
  const t = useBrowser();

  it('[PERF-1] is the production build, its hashed scripts cached for a year: a reload of a logged-in page fetches no script again', async () => {
    const { page, context } = t;
    const firstLoad: { url: string; cacheControl: string }[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') firstLoad.push({ url: response.url(), cacheControl: response.headers()['cache-control'] ?? '' });
    });
    await logIn(page, 'owner@demo.test');
    await page.getByRole('table').getByRole('row').nth(1).waitFor();
    // Built, not Vite's dev server: no module of src/ and no dev client, every script a hashed file.
    expect(firstLoad.length).toBeGreaterThan(5);
    for (const { url, cacheControl } of firstLoad) {
      expect(new URL(url).pathname, url).toMatch(/^\/assets\/[\w.-]+-[\w-]{8}\.js$/);
      expect(cacheControl, url).toBe('public,max-age=31536000,immutable');
    }

    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    // Chromium reports a cache hit as its own event, before the response.
    const fromCache = new Set<string>();
    cdp.on('Network.requestServedFromCache', ({ requestId }) => fromCache.add(requestId));
    const reload: { url: string; cached: boolean }[] = [];
    cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
      if (type === 'Script') reload.push({ url: response.url, cached: fromCache.has(requestId) });
    });
    await page.reload();
    await page.getByRole('table').getByRole('row').nth(1).waitFor();
    expect(reload.length).toBeGreaterThan(5);
    expect(reload.filter((script) => !script.cached)).toEqual([]);
  });
});
