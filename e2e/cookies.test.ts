import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { apiSession } from './support/apiSession';
import { savedDownload, signIn, useBrowser } from './support/browser';

interface CookieJson {
  id: number;
  name: string;
  category: string;
}

describe('cookie management in Chromium against the dev API', () => {
  const t = useBrowser();
  const owner = 'owner@demo.test';
  const stamp = Date.now().toString(36);

  it('[ROUTE-18] [ENT-7] adds a cookie, re-categorises three at once, exports and re-imports the CSV unchanged', async () => {
    const api = await apiSession(t.apiUrl, owner);
    const domain = `ck-${stamp}.com`;
    const solution = await api<{ id: number }>('POST', '/consent-solutions', {
      defaultLanguage: 'en',
      additionalLanguages: ['fr'],
      domain: { canonicalDomain: domain, type: 'website', scanDepth: 500, scanFrequency: 7 },
    });
    for (const name of ['alpha', 'beta', 'gamma']) {
      await api('POST', '/cookies', { consentSolutionId: solution.id, name, domain, category: 'unclassified', purpose: { en: `${name} purpose` } });
    }

    await signIn(t.page, owner, `/consent-solutions/${solution.id}/cookie-management/`);
    await t.page.getByRole('gridcell', { name: 'alpha' }).waitFor();

    // Add a cookie through the form.
    await t.page.getByRole('link', { name: 'Add cookie' }).click();
    await t.page.getByRole('textbox', { name: /^Name/ }).fill('session_token');
    await t.page.getByRole('textbox', { name: /^Domain/ }).fill(domain);
    await t.page.getByRole('combobox', { name: /^Category/ }).click();
    await t.page.getByRole('option', { name: 'Functional' }).click();
    await t.page.getByLabel('Purpose (en)').fill('Keeps the session.');
    await t.page.getByRole('button', { name: 'Save' }).click();
    await t.page.waitForURL((url) => /\/cookie-management\/?$/.test(url.pathname));
    await t.page.getByRole('gridcell', { name: 'session_token' }).waitFor();

    // Bulk: the three unclassified cookies become necessary.
    for (const name of ['alpha', 'beta', 'gamma']) {
      await t.page
        .getByRole('row', { name: new RegExp(name) })
        .getByRole('checkbox')
        .check();
    }
    await t.page.getByText('3 cookies selected').waitFor();
    await t.page.getByTestId('cookie-bulk-category').locator('..').click();
    await t.page.getByRole('option', { name: 'Necessary' }).click();
    await t.page.getByRole('button', { name: 'Change category' }).click();
    await t.page.getByText('3 cookies moved.').first().waitFor();
    const stored = await api<CookieJson[]>('GET', `/cookies?consentSolutionId=${solution.id}&_sort=name`);
    expect(stored.map((c) => [c.name, c.category])).toEqual([
      ['alpha', 'necessary'],
      ['beta', 'necessary'],
      ['gamma', 'necessary'],
      ['session_token', 'functional'],
    ]);

    // Export, then import the very file: the preview says nothing changes.
    const [download] = await Promise.all([t.page.waitForEvent('download'), t.page.getByRole('button', { name: 'Export CSV' }).click()]);
    const path = await savedDownload(download);
    const csv = await readFile(path, 'utf8');
    expect(csv.split('\n')[0]).toBe(
      'name,domain,category,expiryDays,dataProcessorName,dataProcessorPrivacyPolicyUrl,source,firstSeen,lastSeen,purpose_en,purpose_fr',
    );
    await t.page.getByRole('button', { name: 'Import CSV' }).click();
    await t.page.getByTestId('cookie-import-file').setInputFiles(path);
    await t.page.getByText('Nothing will change. 0 new, 0 changed, 4 unchanged.').waitFor();
    expect(await t.page.getByRole('button', { name: 'Import', exact: true }).isDisabled()).toBe(true);
  });
});
