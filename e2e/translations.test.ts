import { describe, expect, it } from 'vitest';
import { login } from '../dev-server/test/http';
import { signIn, useBrowser } from './support/browser';

/** A session on the dev API for setting up data the way another client would. */
const apiSession = async (apiUrl: string, email: string) => {
  const cookie = await login(apiUrl, email);
  // Raw bodies: the imports send CSV as well as JSON.
  return async (method: string, path: string, body?: string, type = 'application/json') => {
    const res = await fetch(`${apiUrl}${path}`, { method, headers: { cookie, ...(body === undefined ? {} : { 'content-type': type }) }, body });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return text === '' ? null : (JSON.parse(text) as unknown);
  };
};

describe('copy and translations in Chromium against the dev API', () => {
  const t = useBrowser();
  // The owner's account; every test makes its own consent solution, so other files see no change.
  const owner = 'owner@demo.test';
  const stamp = Date.now().toString(36);

  /**
   * A solution in English whose Catalan texts (a language without default texts, I18N-2) all
   * exist but one: privacy controls' multidecline.
   */
  const solutionWithOneFrenchGap = async (): Promise<number> => {
    const api = await apiSession(t.apiUrl, owner);
    const created = (await api(
      'POST',
      '/consent-solutions',
      JSON.stringify({
        defaultLanguage: 'en',
        additionalLanguages: [],
        domain: { canonicalDomain: `tr-${stamp}-${Math.random().toString(36).slice(2, 7)}.com`, type: 'website', scanDepth: 500, scanFrequency: 7 },
      }),
    )) as { id: number };
    const english = (await api('GET', `/consent-solutions/${created.id}/translations/export?format=json`)) as {
      en: { privacyControls: Record<string, string> };
    };
    await api('PATCH', `/consent-solutions/${created.id}`, JSON.stringify({ additionalLanguages: ['ca'] }));
    const catalan = structuredClone(english.en);
    delete catalan.privacyControls.multidecline;
    await api('POST', `/consent-solutions/${created.id}/translations/import`, JSON.stringify({ ca: catalan }));
    return created.id;
  };

  it('[BEYOND-5] [ROUTE-17] fills a missing Catalan text from the completeness matrix and the count drops', async () => {
    const id = await solutionWithOneFrenchGap();
    await signIn(t.page, owner, `/consent-solutions/${id}/copy-and-translations/`);
    const cell = t.page.getByTestId('completeness-ca-privacyControls');
    await expect.poll(() => cell.textContent()).toBe('1 missing');
    await cell.click();

    // The Catalan privacy-control texts open with the gap focused.
    const field = t.page.locator('#root_multidecline');
    await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await t.page.locator('#root_multiaccept').inputValue()).toBe('Accept all categories');
    await field.fill('Rebutja-les totes');
    await t.page.getByRole('button', { name: 'Save', exact: true }).click();
    await t.page.getByText('Translations saved.').first().waitFor();
    await expect.poll(() => cell.textContent()).toBe('Complete');
  });

  it('[VAL-1] [VAL-4] a too-long text shows its error on the field, and leaving unsaved texts asks first', async () => {
    const id = await solutionWithOneFrenchGap();
    await signIn(t.page, owner, `/consent-solutions/${id}/copy-and-translations/?language=en&group=popup`);
    const heading = t.page.locator('#root_bannerHeading');
    await heading.waitFor();
    await heading.fill('x'.repeat(256));
    const error = t.page.locator('#root_bannerHeading__error');
    await error.getByText('This value is too long. It should have 255 characters or less.').waitFor();
    await heading.fill('x'.repeat(255));
    await expect.poll(() => error.count()).toBe(0);

    await t.page.getByRole('tab', { name: 'Cookie policy texts' }).click();
    await t.page.getByRole('dialog', { name: 'Unsaved changes' }).waitFor();
    await t.page.getByRole('button', { name: 'Keep editing' }).click();
    expect(await heading.inputValue()).toBe('x'.repeat(255));
  });

  it('[I18N-2] German added later starts with its default texts, marked; a customer’s text is reset to the default by keyboard after confirming', async () => {
    const id = await solutionWithOneFrenchGap();
    const api = await apiSession(t.apiUrl, owner);
    await api('PATCH', `/consent-solutions/${id}`, JSON.stringify({ additionalLanguages: ['ca', 'de'] }));
    const german = (await api('GET', `/consent-solutions/${id}/translations/de`)) as { texts: { popup: Record<string, string> } };
    await api('PUT', `/consent-solutions/${id}/translations/de/popup`, JSON.stringify({ ...german.texts.popup, acceptButton: 'Passt schon' }));
    await signIn(t.page, owner, `/consent-solutions/${id}/copy-and-translations/?language=de&group=popup`);

    // The matrix tells the defaults apart: all ten pop-up texts present, nine of them defaults.
    await expect.poll(() => t.page.getByTestId('completeness-de-popup').textContent()).toBe('Complete, 9 default');
    const accept = t.page.locator('#root_acceptButton');
    await expect.poll(() => accept.inputValue()).toBe('Passt schon');
    expect(await t.page.locator('#root_acceptButton__help').textContent()).toContain('Your text.');
    expect(await t.page.locator('#root_declineButton__help').textContent()).toContain('Default text.');

    const reset = t.page.getByRole('button', { name: 'Reset “Accept button” to its default text' });
    await reset.focus();
    await t.page.keyboard.press('Enter');
    const dialog = t.page.getByRole('dialog', { name: 'Reset to the default text?' });
    await dialog.waitFor();
    // Cancel has the focus: Escape, then confirm on a second try.
    await t.page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await accept.inputValue()).toBe('Passt schon');
    await reset.focus();
    await t.page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: 'Reset', exact: true }).focus();
    await t.page.keyboard.press('Enter');
    await t.page.getByText('Default text restored.').first().waitFor();
    await expect.poll(() => accept.inputValue()).toBe('Alle akzeptieren');
    await expect.poll(() => t.page.getByTestId('completeness-de-popup').textContent()).toBe('Complete, 10 default');
    expect(await t.page.locator('#root_acceptButton__help').textContent()).toContain('Default text.');
  });
});
