import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { defaultTextsOf } from '../banner/publish/defaultTexts';
import { CHROMIUM_ARGS, requireChromium } from '../dev-server/scanner/chromium';
import { login } from '../dev-server/test/http';
import { runAxe } from './support/axe';

/**
 * I18N-1, I18N-3 in Chromium: a solution in English with German and Arabic added (and nothing
 * written by the customer), published on a customer's page and its cookie policy page. The
 * browser's locale is what a visitor's browser sends: Accept-Language and navigator.languages.
 */

const FIXTURE = readFileSync(path.join(import.meta.dirname, 'fixtures/sites/article/index.html'), 'utf8');
const ARTICLE = '<p>An article on a customer’s site, long enough to wrap over a few lines on a phone.</p>';
const SMALL = { width: 320, height: 256 };

const texts = (language: string) => {
  const catalogue = defaultTextsOf(language);
  if (!catalogue) throw new Error(`no ${language} catalogue`);
  return catalogue;
};

describe('every visitor in their own language', () => {
  const apiUrl = inject('apiUrl');
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const domain = `lang-${stamp}.com`;
  let call: (method: string, route: string, body?: unknown) => Promise<unknown>;
  let solutionId = 0;
  let site: Server;
  let siteUrl = '';
  let browser: Browser;

  beforeAll(async () => {
    const cookie = await login(apiUrl, 'owner@demo.test');
    call = async (method, route, body) => {
      const res = await fetch(`${apiUrl}${route}`, {
        method,
        headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (res.status >= 300) throw new Error(`${method} ${route}: ${res.status} ${await res.text()}`);
      return res.status === 204 ? null : ((await res.json()) as unknown);
    };
    const created = (await call('POST', '/consent-solutions', {
      defaultLanguage: 'en',
      additionalLanguages: ['de', 'ar'],
      domain: { canonicalDomain: domain, type: 'website', scanDepth: 500, scanFrequency: 0 },
    })) as { id: number };
    solutionId = created.id;
    await call('POST', '/cookies', {
      consentSolutionId: solutionId,
      name: 'session_id',
      domain,
      category: 'necessary',
      purpose: { en: 'Keeps you logged in.', de: 'Hält Sie angemeldet.', ar: 'يبقيك مسجلاً للدخول.' },
      expiryDays: 30,
    });
    await call('POST', `/consent-solutions/${solutionId}/publish`, {});
    site = createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      const policy = `<div id="cm-declaration"></div><script src="${apiUrl}/cdn/${solutionId}/declaration.js" data-target="cm-declaration" defer></script>`;
      const page = FIXTURE.replace('%HEAD%', `<script src="${apiUrl}/cdn/${solutionId}/banner.js"></script>`).replace('%ARTICLE%', ARTICLE);
      res.end(req.url === '/cookie-policy' ? page.replace('</body>', `${policy}</body>`) : page);
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    siteUrl = `http://${domain}:${(site.address() as AddressInfo).port}/`;
    browser = await chromium.launch({ executablePath: requireChromium(), args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP ${domain} 127.0.0.1`] });
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((resolve) => (site ? site.close(() => resolve()) : resolve()));
  });

  const visit = async (locale: string, viewport = { width: 1280, height: 800 }): Promise<Page> => {
    const context = await browser.newContext({ locale, viewport });
    const page = await context.newPage();
    await page.goto(siteUrl);
    await expect.poll(() => page.locator('#cm-banner').isVisible()).toBe(true);
    return page;
  };

  const declarationOf = async (page: Page) => {
    await page.goto(`${siteUrl}cookie-policy`);
    const root = page.locator('#cm-declaration .cm-declaration');
    await root.locator('table').first().waitFor();
    return root;
  };

  it('[I18N-3] [I18N-1] a de-DE visitor gets the German banner and the German declaration, left to right', async () => {
    const page = await visit('de-DE');
    const banner = page.locator('#cm-banner');
    expect(await banner.getAttribute('lang')).toBe('de');
    expect(await banner.getAttribute('dir')).toBe('ltr');
    expect(await banner.locator('h2').textContent()).toBe(texts('de').popup.bannerHeading);
    await banner.getByRole('button', { name: texts('de').popup.acceptButton }).waitFor();

    const declaration = await declarationOf(page);
    expect(await declaration.getAttribute('lang')).toBe('de');
    expect(await declaration.textContent()).toContain(texts('de').cookiePolicy.cookieDeclarationText);
    await declaration.getByRole('button', { name: texts('de').declaration.withdraw }).waitFor();
    await page.context().close();
  }, 60_000);

  it('[I18N-3] [STD-7] an ar visitor gets Arabic right to left in every gallery template: axe-clean, every control reachable at 320 × 256, the declaration too', async () => {
    type Template = { id: number; name: string; html: string; css: string; js: string; displayFunction: string; hideFunction: string };
    const gallery = (await call('GET', '/popup-templates?scope=gallery')) as Template[];
    expect(gallery.length).toBeGreaterThanOrEqual(4);
    const page = await visit('ar', SMALL);
    for (const template of gallery) {
      // A gallery template is used through a copy of the account's own, as "use from gallery" does.
      const { html, css, js, displayFunction, hideFunction } = template;
      const copy = (await call('POST', '/popup-templates', { name: `${template.name} ${stamp}`, html, css, js, displayFunction, hideFunction })) as Template;
      await call('PUT', `/consent-solutions/${solutionId}/popup`, { mode: 'custom', templateId: copy.id });
      await call('POST', `/consent-solutions/${solutionId}/publish`, {});
      await page.goto(siteUrl);
      const banner = page.locator('#cm-banner');
      await expect.poll(() => banner.isVisible()).toBe(true);
      expect(await banner.getAttribute('lang'), template.name).toBe('ar');
      expect(await banner.evaluate((el) => getComputedStyle(el).direction), template.name).toBe('rtl');
      expect(await banner.locator('h2').textContent(), template.name).toBe(texts('ar').popup.bannerHeading);

      // Nothing wider than the screen; the details open; every control is reached by keyboard and shown.
      const toggle = banner.locator('[data-consent-action="toggle-details"]');
      await toggle.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
      expect(await page.evaluate(() => document.documentElement.scrollWidth), template.name).toBeLessThanOrEqual(SMALL.width);
      const controls = banner.locator('button, input, a[href], [tabindex="0"]');
      for (let i = 0; i < (await controls.count()); i++) {
        const control = controls.nth(i);
        // A disabled control (the necessary category's box) is out of the tab order.
        if (!(await control.isVisible()) || (await control.isDisabled())) continue;
        await control.focus();
        const box = await control.boundingBox();
        const where = `${template.name} ${await control.evaluate((el) => el.outerHTML.slice(0, 80))}`;
        expect(box && box.x >= -0.5 && box.x + box.width <= SMALL.width + 0.5, where).toBe(true);
        expect(box && box.y >= -0.5 && box.y + box.height <= SMALL.height + 0.5, where).toBe(true);
      }
      // The cookie list is indented from the right, where its lines start.
      const list = banner.locator('.cm-cookie-list').first();
      if ((await list.count()) > 0) {
        const padding = await list.evaluate((el) => ({ left: getComputedStyle(el).paddingLeft, right: getComputedStyle(el).paddingRight }));
        expect(padding.left, template.name).toBe('0px');
        expect(padding.right, template.name).not.toBe('0px');
      }
      // A right-to-left card starts at the right: its text starts at the inline start, the right edge.
      const heading = await banner.locator('h2').evaluate((el) => ({ align: getComputedStyle(el).textAlign, direction: getComputedStyle(el).direction }));
      expect(heading, template.name).toEqual({ align: 'start', direction: 'rtl' });

      const { violations } = await runAxe(page, { tags: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'], include: '#cm-banner' });
      expect(
        violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
        template.name,
      ).toEqual([]);
    }

    const declaration = await declarationOf(page);
    expect(await declaration.getAttribute('lang')).toBe('ar');
    expect(await declaration.getAttribute('dir')).toBe('rtl');
    expect(await declaration.textContent()).toContain(texts('ar').cookiePolicy.cookieDeclarationText);
    await page.context().close();
  }, 180_000);
});
