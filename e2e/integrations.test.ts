import { readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { build, preview, type PreviewServer } from 'vite';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { navItem, signIn, useBrowser } from './support/browser';

/**
 * PROD-6 / API-7 with vendors configured. This file makes its own build (one per file) whose
 * vendor ids point at fake vendor scripts served by a small server on ANOTHER origin, so a
 * request to it is a third-party request. The build is served on the origin globalSetup
 * reserved for it (the API's CORS allowlist is fixed when the API starts).
 */
const root = path.resolve(import.meta.dirname, '..');
const fixtures = path.join(import.meta.dirname, 'fixtures');
const appUrl = inject('integrationsAppUrl');
const apiUrl = inject('apiUrl');
const CHAT_APP_ID = 'test-chat-app';
const RECORDING_SITE_ID = 'test-site';

let vendor: Server;
let vendorUrl = '';
const vendorHits: string[] = [];
let app: PreviewServer;
const outDir = path.join(root, `node_modules/.e2e-dist/integrations-${process.pid}`);

beforeAll(async () => {
  vendor = createServer((request, response) => {
    const name = new URL(request.url ?? '/', 'http://vendor').pathname.slice(1);
    vendorHits.push(request.url ?? '');
    if (!/^fake-[a-z]+\.js$/.test(name)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'Content-Type': 'text/javascript' }).end(readFileSync(path.join(fixtures, name)));
  });
  await new Promise<void>((resolve) => vendor.listen(0, '127.0.0.1', resolve));
  vendorUrl = `http://127.0.0.1:${(vendor.address() as AddressInfo).port}`;

  const variables = {
    VITE_API_URL: apiUrl,
    VITE_CHAT_APP_ID: CHAT_APP_ID,
    VITE_CHAT_SCRIPT_URL: `${vendorUrl}/fake-chat.js?app={id}`,
    VITE_CHAT_GLOBAL: 'FakeChat',
    VITE_RECORDING_SITE_ID: RECORDING_SITE_ID,
    VITE_RECORDING_SCRIPT_URL: `${vendorUrl}/fake-recording.js?site={id}`,
    VITE_RECORDING_GLOBAL: 'FakeRecording',
    VITE_ANALYTICS_ID: 'test-tag',
    VITE_ANALYTICS_SCRIPT_URL: `${vendorUrl}/fake-analytics.js?id={id}`,
  };
  Object.assign(process.env, variables);
  try {
    await build({ root, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  } finally {
    for (const name of Object.keys(variables)) delete process.env[name];
  }
  const port = Number(new URL(appUrl).port);
  app = await preview({ root, logLevel: 'warn', build: { outDir }, preview: { host: '127.0.0.1', port, strictPort: true } });
}, 240_000);

afterAll(async () => {
  await new Promise<void>((resolve) => (app ? app.httpServer.close(() => resolve()) : resolve()));
  await new Promise<void>((resolve) => (vendor ? vendor.close(() => resolve()) : resolve()));
  rmSync(outDir, { recursive: true, force: true });
});

/** Every http(s) request the page makes, from now on. */
const recordRequests = (page: Page): string[] => {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (/^https?:/.test(request.url())) urls.push(request.url());
  });
  return urls;
};

const chatCalls = (page: Page) => page.evaluate(() => (window as unknown as { __fakeChatCalls?: unknown[][] }).__fakeChatCalls ?? null);
const recordingCalls = (page: Page) => page.evaluate(() => (window as unknown as { __fakeRecordingCalls?: unknown[][] }).__fakeRecordingCalls ?? null);
const consentRegion = (page: Page) => page.getByRole('region', { name: 'Cookies on this admin' });

describe('integrations with vendors configured', () => {
  const t = useBrowser();
  // This file's own build (see above), on its own origin.
  t.appUrl = appUrl;

  it('[PROD-6] [CONST-2] first load and login make no third-party request before consent', async () => {
    vendorHits.length = 0;
    const urls = recordRequests(t.page);
    await t.page.goto('/');
    await t.page.getByLabel('Email', { exact: true }).waitFor();
    await signIn(t.page, 'owner@demo.test');
    await consentRegion(t.page).waitFor();
    await t.page.waitForLoadState('networkidle');

    const allowed = new Set([new URL(appUrl).origin, new URL(apiUrl).origin]);
    expect(urls.length).toBeGreaterThan(0);
    expect(urls.filter((url) => !allowed.has(new URL(url).origin))).toEqual([]);
    expect(vendorHits).toEqual([]);
    expect(await chatCalls(t.page)).toBeNull();
  });

  it('[API-7] [ST-4] the chat widget boots with the user and company after consent, and reboots after a forced logout', async () => {
    await signIn(t.page, 'owner@demo.test');
    await consentRegion(t.page).getByRole('button', { name: 'Accept all cookies' }).click();
    await expect
      .poll(() => chatCalls(t.page), { timeout: 10_000 })
      .toEqual(
        expect.arrayContaining([
          ['boot', expect.objectContaining({ app_id: CHAT_APP_ID, email: 'owner@demo.test', user_id: expect.any(String) })],
          ['update', { company: { company_id: '1', name: 'Demo Shop', plan: 'trial' } }],
          ['update', { hide_default_launcher: false }],
        ]),
      );
    const consent = (await t.context.cookies()).find((cookie) => cookie.name === 'ci_consent');
    expect(consent?.value).toBe('functional.statistics.marketing');
    // CONST-2: kept one year (give or take the test's own duration).
    expect((consent?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);

    // ST-4: the server forgets the session (signature cookie gone): the next call answers 401.
    const before = (await chatCalls(t.page))?.length ?? 0;
    const cookies = await t.context.cookies();
    await t.context.clearCookies();
    await t.context.addCookies(cookies.filter((cookie) => cookie.name !== 'ci_s'));
    // Any next call answers 401: the menu click makes one, unless a background refresh of the
    // page already has, logging out first (then the menu is gone and the click is moot).
    const expired = t.page.getByText('Your session has expired. Please log in again.');
    await Promise.race([
      expired.waitFor(),
      navItem(t.page, 'Teammates')
        .click()
        .catch(() => undefined),
    ]);
    await expired.waitFor();
    const after = ((await chatCalls(t.page)) ?? []).slice(before);
    expect(after).toEqual([['shutdown'], ['boot', { app_id: CHAT_APP_ID }]]);
  });

  it('[PROD-6] recording and the analytics tag load only after statistics consent, and recording stops when it is withdrawn', async () => {
    vendorHits.length = 0;
    await signIn(t.page, 'owner@demo.test');
    const banner = consentRegion(t.page);
    await banner.getByRole('button', { name: 'Choose cookies' }).click();
    await banner.getByRole('checkbox', { name: /^Necessary/ }).waitFor();
    expect(await banner.getByRole('checkbox', { name: /^Necessary/ }).isDisabled()).toBe(true);
    await t.page.waitForLoadState('networkidle');
    expect(vendorHits).toEqual([]);

    await banner.getByRole('checkbox', { name: /^Statistics/ }).check();
    await banner.getByRole('button', { name: 'Save my choice' }).click();
    await expect.poll(() => recordingCalls(t.page), { timeout: 10_000 }).toEqual([['start', { site_id: RECORDING_SITE_ID }]]);
    await expect
      .poll(() => t.page.evaluate(() => (window as unknown as { __fakeAnalyticsSaw?: string[] }).__fakeAnalyticsSaw))
      .toEqual(expect.arrayContaining(['pageView', 'consentUpdate']));
    // Functional was not chosen: no chat widget.
    expect(vendorHits.filter((hit) => hit.startsWith('/fake-chat.js'))).toEqual([]);
    expect(vendorHits).toEqual(expect.arrayContaining([`/fake-recording.js?site=${RECORDING_SITE_ID}`, '/fake-analytics.js?id=test-tag']));

    // Changed from the menu's link: statistics withdrawn.
    await t.page.getByRole('button', { name: 'Cookie preferences' }).click();
    const reopened = consentRegion(t.page);
    await reopened.getByRole('checkbox', { name: /^Statistics/ }).uncheck();
    const calls = await recordingCalls(t.page);
    await reopened.getByRole('button', { name: 'Save my choice' }).click();
    await reopened.waitFor({ state: 'detached' });
    expect(calls).toEqual([['start', { site_id: RECORDING_SITE_ID }]]);
    // The vendor was told to stop, then its global and script were removed.
    expect(await t.page.evaluate(() => typeof (window as unknown as { FakeRecording?: unknown }).FakeRecording)).toBe('undefined');
    expect(await t.page.locator('script[src*="fake-recording.js"]').count()).toBe(0);
    expect(await recordingCalls(t.page)).toEqual([['start', { site_id: RECORDING_SITE_ID }], ['stop']]);
  });
});
