import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signIn, useBrowser } from './support/browser';
import { adminRoutes, demoShopAccount, openInApp, rawKeysOn, settled, signInActing } from './support/screenWalk';

/**
 * PROD-5: no screen shows a translation key instead of its text, in English or in French. Every
 * route of the admin is opened inside the running app (no reload) as Demo Shop's owner and as the
 * operations admin acting on Demo Shop, once per language; the language is changed with the app
 * bar's switcher, as a user would.
 */

/** Walks every route and returns `route: key` for each raw key found. */
const walk = async (page: Page, routes: string[]): Promise<string[]> => {
  const found: string[] = [];
  for (const route of routes) {
    await openInApp(page, route);
    await settled(page, 200);
    for (const key of await rawKeysOn(page)) found.push(`${route}: ${key}`);
  }
  return found;
};

const switchLanguage = async (page: Page, from: string, to: string) => {
  await page.getByRole('button', { name: from, exact: true }).click();
  await page.getByRole('menuitem', { name: to, exact: true }).click();
  await page.locator('html[lang="fr"]').waitFor({ state: 'attached' });
};

describe('no raw translation key on any screen, in English and French', () => {
  const t = useBrowser();
  let routes: string[] = [];
  let account = { id: 0, name: '' };

  beforeAll(async () => {
    routes = await adminRoutes(t.apiUrl);
    account = await demoShopAccount(t.apiUrl);
  });

  it('[PROD-5] as the owner and as the operations admin acting on an account, every screen shows texts, not keys', async () => {
    // The two roles walk side by side, each in its own signed-in context of the one browser.
    const admin = await t.browser.newContext({ baseURL: t.appUrl, locale: 'en-GB' });
    try {
      const adminPage = await admin.newPage();
      const both = async (page: Page, signingIn: Promise<void>) => {
        await signingIn;
        const english = await walk(page, routes);
        await switchLanguage(page, 'English', 'Français');
        return { english, french: await walk(page, routes) };
      };
      const [owner, operations] = await Promise.all([
        both(t.page, signIn(t.page, 'owner@demo.test')),
        both(adminPage, signInActing(adminPage, 'admin@demo.test', account)),
      ]);
      expect({ owner, operations }).toEqual({ owner: { english: [], french: [] }, operations: { english: [], french: [] } });
    } finally {
      await admin.close();
    }
    // One role in one language walked in 27 s alone, and both roles side by side in 120-125 s, at a
    // load average of 25 on 2 cores: the limit leaves room for a loaded machine.
  }, 240_000);
});
