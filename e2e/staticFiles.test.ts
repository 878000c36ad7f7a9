import { describe, expect, inject, it } from 'vitest';

/** PERF-1: what a crawler and a browser ask the built app for besides the pages (served by `vite preview`). */
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
