import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAxe } from './support/axe';
import { DEMO_PASSWORD, logIn, shellReady, signIn, useBrowser } from './support/browser';
import { trackTraffic, whenQuiet } from './support/quiet';
import { openInApp } from './support/screenWalk';

/**
 * ROUTE-23 accessibility gate: axe-core on every screen of the app, in Chromium against the
 * built app and the dev API. No serious or critical violation is allowed; minor and moderate
 * ones are printed for whoever improves the screen next.
 */

interface Screen {
  name: string;
  path: string;
  /** A text or role that shows the screen has rendered its content. */
  ready?: (page: Page) => Promise<unknown>;
}

const PUBLIC_SCREENS: Screen[] = [
  { name: 'login', path: '/login/', ready: (page) => page.getByLabel('Email', { exact: true }).waitFor() },
  { name: 'password recovery', path: '/recovery-email/', ready: (page) => page.getByLabel('Email', { exact: true }).waitFor() },
  { name: 'new password', path: '/newpassword/not-a-real-token/not-a-real-csrf/' },
];

/** Demo Shop's own seed ids: consent solution 1 with domain 1. */
const SOLUTION = '/consent-solutions/1';
const ADMIN_SCREENS: Screen[] = [
  { name: 'consent solutions list', path: '/consent-solutions', ready: (page) => page.getByRole('row').nth(1).waitFor() },
  { name: 'consent solution create', path: '/consent-solutions/create', ready: (page) => page.getByRole('textbox', { name: 'Domain URL' }).waitFor() },
  { name: 'consent solution installation tab', path: `${SOLUTION}/installation/` },
  { name: 'consent solution domains tab', path: `${SOLUTION}/domains/` },
  { name: 'consent solution domain create', path: `${SOLUTION}/domains/create/` },
  { name: 'consent solution domain edit', path: `${SOLUTION}/domains/1/` },
  { name: 'consent solution pop-up tab', path: `${SOLUTION}/popup/` },
  { name: 'consent solution settings tab', path: `${SOLUTION}/settings/` },
  { name: 'consent solution copy and translations tab', path: `${SOLUTION}/copy-and-translations/` },
  { name: 'consent solution cookie management tab', path: `${SOLUTION}/cookie-management/` },
  { name: 'subscription wizard', path: '/subscription/' },
  { name: 'teammates', path: '/teammates' },
  { name: 'audit log', path: '/audit-log/' },
  { name: 'view under development', path: '/mobile-consent-solutions/' },
  { name: 'coming soon', path: '/onboarding/' },
  { name: 'not found', path: '/this-page-does-not-exist', ready: (page) => page.getByRole('main').getByRole('heading').first().waitFor() },
];

/** The screen's own content, then network and DOM quiet with no spinner left (transitions over). */
const settle = async (page: Page, screen: Screen): Promise<void> => {
  if (screen.ready) await screen.ready(page);
  await whenQuiet(page);
};

/** Every axe violation, whatever its impact: minor ones (an empty heading) are fixed too. */
const axeViolations = async (page: Page): Promise<string[]> => {
  const { violations } = await runAxe(page);
  return violations.map(
    (v) =>
      `${v.impact ?? 'unknown'} ${v.id}: ${v.help} — ${v.nodes
        .slice(0, 3)
        .map((n) => `${n.target.join(' ')} (${(n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 160)})`)
        .join(' | ')}`,
  );
};

describe('accessibility (axe-core) in Chromium', () => {
  const t = useBrowser();

  for (const screen of PUBLIC_SCREENS) {
    it(`[ROUTE-23] axe: no violations on ${screen.name}`, async () => {
      trackTraffic(t.page);
      await t.page.goto(screen.path);
      await settle(t.page, screen);
      expect(await axeViolations(t.page)).toEqual([]);
    });
  }

  it('[ROUTE-23] axe: no violations on the login form showing its errors', async () => {
    await logIn(t.page, 'owner@demo.test', `${DEMO_PASSWORD}-wrong`);
    await t.page.getByText('Invalid credentials.').first().waitFor();
    expect(await axeViolations(t.page)).toEqual([]);
  });

  describe('logged in as the owner', () => {
    // One page for every admin screen, each opened inside the running app as its links do: the
    // session, the loaded chunks and the app itself are shared, as for a user.
    let context: BrowserContext;
    let page: Page;
    beforeAll(async () => {
      context = await t.browser.newContext({ baseURL: t.appUrl, locale: 'en-GB' });
      page = await context.newPage();
      trackTraffic(page);
      await signIn(page, 'owner@demo.test');
    });
    afterAll(async () => {
      await context.close();
    });

    for (const screen of ADMIN_SCREENS) {
      it(`[ROUTE-23] axe: no violations on ${screen.name}`, async () => {
        await openInApp(page, screen.path);
        await shellReady(page);
        await settle(page, screen);
        expect(await axeViolations(page)).toEqual([]);
      });
    }

    // WCAG 1.4.10: react-admin's layout grows to its widest content, so one wide table, tab bar
    // or misplaced hidden text made whole pages scroll sideways on a phone.
    it('[CONST-1] on a 412 px phone no admin screen is wider than the screen', async () => {
      await page.setViewportSize({ width: 412, height: 823 });
      const tooWide: string[] = [];
      // Loaded on the phone once, as a phone user opens it (the desktop's open menu would stay a
      // drawer over the page), then each screen opened inside the app.
      await page.goto(ADMIN_SCREENS[0]?.path ?? '/');
      for (const screen of ADMIN_SCREENS) {
        await openInApp(page, screen.path);
        // The menu is a closed drawer on a phone: the app bar says the shell is there.
        await page.getByRole('banner').getByRole('button', { name: 'Log out' }).waitFor();
        await settle(page, screen);
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        if (width > 412) tooWide.push(`${screen.name}: ${width} px`);
      }
      expect(tooWide).toEqual([]);
    });
  });
});
