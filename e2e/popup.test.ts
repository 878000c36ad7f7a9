import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { login } from '../dev-server/test/http';
import { publishedBannerText } from '../dev-server/test/publishedBanner';
import { signIn, useBrowser } from './support/browser';

/**
 * Pop-up appearance in Chromium against the dev API (ROUTE-13, ROUTE-19, BEYOND-1, BEYOND-2).
 * Client Bakery's account; the solution is made here (English with French), so no other test
 * file depends on it.
 */

const EMAIL = 'client@demo.test';

/** A consent solution in English and French, created through the API as the client. */
const createSolution = async (apiUrl: string, domain: string): Promise<number> => {
  const cookie = await login(apiUrl, EMAIL);
  const res = await fetch(`${apiUrl}/consent-solutions`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({
      defaultLanguage: 'en',
      additionalLanguages: ['fr'],
      domain: { canonicalDomain: domain, type: 'website', scanDepth: 500, scanFrequency: 7 },
    }),
  });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: number }).id;
};

const previewFrame = (page: Page) => page.locator('iframe[title="Pop-up preview"]').contentFrame();

/** Replaces or extends the code of one editor tab (CodeMirror), without auto-closed brackets. */
const editCode = async (page: Page, field: string, text: string, mode: 'append' | 'replace') => {
  await page.getByRole('tab', { name: field, exact: true }).click();
  const editor = page.getByRole('textbox', { name: field, exact: true });
  await editor.click();
  await page.keyboard.press(mode === 'replace' ? 'ControlOrMeta+A' : 'ControlOrMeta+End');
  await page.keyboard.insertText(text);
};

const modalBackground = (page: Page) =>
  previewFrame(page)
    .locator('.cm-modal')
    .evaluate((el) => getComputedStyle(el).backgroundColor);

const openGalleryTemplate = async (page: Page, solutionId: number, name: string) => {
  await page.goto(`/consent-solutions/${solutionId}/popup/`);
  await page.waitForURL((url) => url.pathname === `/consent-solutions/${solutionId}/popup/my-templates/`);
  await page.getByRole('tab', { name: 'Template gallery' }).click();
  await page.getByRole('link', { name: `Use this template: ${name}` }).click();
  await page.waitForURL((url) => /\/popup\/edit-template\/\d+\/use-from-gallery\/$/.test(url.pathname));
};

describe('pop-up appearance in Chromium against the dev API', () => {
  const t = useBrowser();
  const stamp = Date.now().toString(36);
  let solutionId = 0;
  beforeAll(async () => {
    solutionId = await createSolution(t.apiUrl, `popup-${stamp}.com`);
  });

  it('[ROUTE-13] [ROUTE-19] [BEYOND-1] [BEYOND-2] gallery template → css edit in the live preview → French, mobile → two saves, restore the first → publish to the CDN path', async () => {
    await signIn(t.page, EMAIL);
    await openGalleryTemplate(t.page, solutionId, 'Centred modal');

    const frame = previewFrame(t.page);
    await frame.getByRole('heading', { name: 'We use cookies' }).waitFor();
    await editCode(t.page, 'CSS', '\n.cm-modal { background: rgb(1, 2, 3); }', 'append');
    await expect.poll(() => modalBackground(t.page), { timeout: 10_000 }).toBe('rgb(1, 2, 3)');

    // The display/hide functions at work: accept hides the banner, the replay shows it again.
    // The frame is drawn scaled to fit its column: click in the frame's own DOM, not by coordinates.
    await frame.getByRole('button', { name: 'Accept all' }).evaluate((el) => (el as HTMLElement).click());
    await t.page.getByText('Last banner event: hidden').waitFor();
    await frame.getByRole('button', { name: 'Show the banner again' }).evaluate((el) => (el as HTMLElement).click());
    await frame.getByRole('dialog').waitFor();

    await t.page.getByRole('combobox', { name: 'Language' }).click();
    await t.page.getByRole('option', { name: 'French' }).click();
    await frame.getByRole('heading', { name: 'Nous utilisons des cookies' }).waitFor();
    await t.page.getByRole('button', { name: 'Mobile' }).click();
    await expect.poll(() => frame.locator('body').evaluate(() => window.innerWidth)).toBe(375);

    await t.page.getByRole('button', { name: 'Save', exact: true }).click();
    await t.page.getByText('Template saved as version 1.').waitFor();
    await t.page.waitForURL((url) => /\/popup\/edit-template\/\d+\/edit\/$/.test(url.pathname));
    // The saved copy keeps the form the user was in: preview still mobile and in French.
    expect(await frame.locator('body').evaluate(() => window.innerWidth)).toBe(375);
    await frame.getByRole('heading', { name: 'Nous utilisons des cookies' }).waitFor();
    await editCode(t.page, 'CSS', '\n.cm-modal { background: rgb(4, 5, 6); }', 'append');
    await expect.poll(() => modalBackground(t.page), { timeout: 10_000 }).toBe('rgb(4, 5, 6)');
    await t.page.getByRole('button', { name: 'Save', exact: true }).click();
    await t.page.getByText('Template saved as version 2.').waitFor();

    // Side-by-side diff of the two versions, then restore the first.
    await t.page.getByTestId('version-diff').getByText('.cm-modal { background: rgb(4, 5, 6); }').waitFor();
    await t.page.getByRole('button', { name: 'Restore Version 1' }).click();
    await t.page.getByRole('dialog').getByRole('button', { name: 'Restore' }).click();
    await t.page.getByText('Version 1 restored as version 3.').waitFor();
    await expect.poll(() => modalBackground(t.page), { timeout: 10_000 }).toBe('rgb(1, 2, 3)');

    // The editor's own Publish section (the page's header has one too, PROMISE-4).
    await t.page.getByRole('region', { name: 'Publish' }).getByRole('button', { name: 'Publish', exact: true }).click();
    await t.page.getByText('Published version 1.').waitFor();
    const res = await fetch(`${t.apiUrl}/cdn/${solutionId}/banner.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    // STD-8: the core, then the UI files it loads.
    const script = await publishedBannerText(t.apiUrl, solutionId);
    expect(script).toContain('rgb(1, 2, 3)');
    expect(script).not.toContain('rgb(4, 5, 6)');
    expect(script).toContain('Nous utilisons des cookies');

    // My templates: the new one is marked active.
    await t.page.goto(`/consent-solutions/${solutionId}/popup/my-templates/`);
    await t.page.getByRole('article', { name: 'Copy of Centred modal' }).getByText('Active').waitFor();
  });

  it('[BEYOND-1] a template whose js reads parent.document fails inside the sandbox; the admin is unaffected', async () => {
    await signIn(t.page, EMAIL);
    await openGalleryTemplate(t.page, solutionId, 'Bottom bar');
    await previewFrame(t.page).getByRole('heading', { name: 'We use cookies' }).waitFor();

    await editCode(t.page, 'JS', "parent.document.body.innerHTML = 'pwned';", 'replace');
    await t.page.getByText(/The template’s JS failed in the preview: .*(cross-origin|Blocked)/i).waitFor();
    // The editor shows the code itself; the admin's own document must be untouched.
    expect(await t.page.evaluate(() => document.body.innerHTML === 'pwned')).toBe(false);
    await t.page.getByRole('heading', { level: 1, name: `popup-${stamp}.com` }).waitFor();
    await t.page.getByRole('heading', { name: 'New template from the gallery' }).waitFor();
    await t.page.getByRole('tab', { name: 'Pop-up appearance' }).waitFor();
  });
});
