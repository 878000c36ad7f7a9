import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signIn, useBrowser } from './support/browser';
import { clippedText, DESKTOP, overlap, PHONE, withinWidth, wrappedTexts } from './support/clipping';
import { demoShopAccount, settled, signInActing } from './support/screenWalk';

/**
 * Nothing cut, nothing run together, on a phone (390×844) and a desktop (1440×900): measured
 * on the elements' boxes (scrollWidth against clientWidth, overlapping bounding boxes, line boxes
 * of a text), in Chromium against the dev API. Demo Shop's first solution (seed id 1) has domains
 * of every status.
 */

const DOMAINS = '/consent-solutions/1/domains/';

const toFrench = async (page: Page) => {
  await page.getByRole('button', { name: 'English', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Français', exact: true }).click();
  await page.locator('html[lang="fr"]').waitFor({ state: 'attached' });
  await settled(page);
};

const header = (page: Page) => ({
  title: page.locator('#react-admin-title'),
  language: page.getByRole('banner').getByRole('button', { name: /^(English|Français)$/ }),
  switcher: page.getByRole('banner').getByTestId('account-switcher').locator('xpath=ancestor::div[contains(@class, "MuiFormControl-root")][1]'),
});

/** The switcher's floating label ("Acting on account"), cut or not. */
const actingLabel = (page: Page) => page.getByRole('banner').locator('.MuiInputLabel-root', { hasText: 'Acting on account' });

describe('nothing clipped or run together on a phone and a desktop', () => {
  const t = useBrowser();
  let account = { id: 0, name: '' };

  beforeAll(async () => {
    account = await demoShopAccount(t.apiUrl);
  });

  it('[ROUTE-21] on a phone the header title keeps clear of the language switcher, in English and French', async () => {
    await t.page.setViewportSize(PHONE);
    await signIn(t.page, 'owner@demo.test', DOMAINS);
    const { title, language } = header(t.page);
    await t.page.getByRole('heading', { name: 'Demo Shop' }).waitFor();
    await settled(t.page);
    for (const lang of ['en', 'fr']) {
      if (lang === 'fr') await toFrench(t.page);
      expect(await overlap(title, language), `${lang}: title over the language switcher`).toBe(false);
      expect(await withinWidth(t.page, language), `${lang}: language switcher off screen`).toBe(true);
      expect(await withinWidth(t.page, t.page.getByRole('banner').getByRole('button', { name: /Log out|Se déconnecter/ })), `${lang}: log out off screen`).toBe(
        true,
      );
    }
  });

  for (const [who, email] of [
    ['agency', 'agency@demo.test'],
    ['operations admin', 'admin@demo.test'],
  ] as const) {
    it(`[ROLE-1] [ROUTE-21] the ${who}'s "Acting on account" is whole on a phone and a desktop, apart from the title and language`, async () => {
      // The phone first: a drawer left open by the desktop becomes a modal over the page on a phone.
      await t.page.setViewportSize(PHONE);
      if (email === 'admin@demo.test') await signInActing(t.page, email, account, DOMAINS);
      else await signIn(t.page, email, '/consent-solutions');
      await actingLabel(t.page).waitFor();
      await settled(t.page);
      for (const size of [PHONE, DESKTOP]) {
        await t.page.setViewportSize(size);
        await settled(t.page);
        const label = actingLabel(t.page);
        const { title, language, switcher } = header(t.page);
        const where = `${who} at ${size.width}px`;
        expect(await clippedText(label), `${where}: label cut`).toBeNull();
        expect(await withinWidth(t.page, switcher), `${where}: switcher off screen`).toBe(true);
        expect(await withinWidth(t.page, language), `${where}: language off screen`).toBe(true);
        expect(await overlap(switcher, language), `${where}: switcher over language`).toBe(false);
        expect(await overlap(title, switcher), `${where}: title over switcher`).toBe(false);
        // The label sits inside its field: a label floating above an outlined field was cut by the app bar's top edge.
        const [labelBox, fieldBox] = await Promise.all([label.boundingBox(), switcher.boundingBox()]);
        const inside =
          labelBox !== null &&
          fieldBox !== null &&
          labelBox.x >= fieldBox.x &&
          labelBox.y >= Math.max(0, fieldBox.y) &&
          labelBox.x + labelBox.width <= fieldBox.x + fieldBox.width &&
          labelBox.y + labelBox.height <= fieldBox.y + fieldBox.height;
        expect(inside, `${where}: label outside its field (${JSON.stringify({ labelBox, fieldBox })})`).toBe(true);
      }
    });
  }

  it('[ROUTE-21] at 1440 px every menu entry is whole, and in French the two consent solution entries read apart', async () => {
    await t.page.setViewportSize(DESKTOP);
    await signIn(t.page, 'owner@demo.test');
    const items = t.page.getByRole('navigation').first().getByRole('menuitem');
    for (const lang of ['en', 'fr']) {
      if (lang === 'fr') await toFrench(t.page);
      const texts: string[] = [];
      for (const item of await items.all()) {
        const text = item.locator('.MuiTypography-root').first();
        expect(await clippedText(text), `${lang}: menu entry cut`).toBeNull();
        texts.push(await text.innerText());
      }
      expect(texts.length, lang).toBeGreaterThanOrEqual(4);
      expect(new Set(texts).size, `${lang}: ${texts.join(' | ')}`).toBe(texts.length);
    }
    expect(await items.nth(1).innerText()).not.toMatch(/^Solutions de consentement$/);
  });

  it('[ROUTE-16] on a phone each domain shows its status and scan readably; at 1440 px the domain table fits on one line per row', async () => {
    // The phone first: a drawer left open by the desktop becomes a modal over the page on a phone.
    await t.page.setViewportSize(PHONE);
    await signIn(t.page, 'owner@demo.test', DOMAINS);
    const domains = t.page.getByRole('main').getByRole('link', { name: /^[a-z0-9.-]+\.[a-z]+$/ });
    await domains.first().waitFor();
    await settled(t.page);
    const count = await domains.count();
    const chips = t.page.getByRole('main').locator('[data-status]');
    const scans = t.page.getByRole('main').locator('[data-scan-status]');
    expect(await chips.count()).toBe(count);
    expect(await scans.count()).toBe(count);
    for (let index = 0; index < count; index += 1) {
      for (const part of [domains.nth(index), chips.nth(index), scans.nth(index)]) {
        expect(await part.isVisible(), `domain ${index}: ${String(part)} hidden`).toBe(true);
        expect(await withinWidth(t.page, part), `domain ${index}: ${String(part)} off screen`).toBe(true);
      }
      expect(await clippedText(chips.nth(index).locator('.MuiChip-label')), `domain ${index}: status cut`).toBeNull();
    }
    expect(await t.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'page scrolls sideways').toBe(true);

    await t.page.setViewportSize(DESKTOP);
    // The drawer open, as a desktop user first sees it: the table gets the width left beside it.
    const table = t.page.getByRole('table');
    await table.waitFor();
    const closeMenu = t.page.getByRole('button', { name: 'Close menu' });
    if (!(await closeMenu.isVisible())) await t.page.getByRole('button', { name: 'Open menu' }).click();
    await closeMenu.waitFor();
    const column = (name: string) => table.getByRole('columnheader').filter({ hasText: new RegExp(`^${name}$`) });
    await column('Status').waitFor();
    await settled(t.page);
    expect(await wrappedTexts(table)).toEqual([]);
    expect(await table.evaluate((el) => el.scrollWidth <= (el.parentElement?.clientWidth ?? 0) + 1), 'table wider than its box').toBe(true);
    for (const name of ['Status', 'Scan']) expect(await withinWidth(t.page, column(name)), name).toBe(true);
  });
});
