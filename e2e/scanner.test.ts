import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { startFixtureSite, type FixtureSite } from '../dev-server/test/fixtures/sites/siteServer';
import { apiSession } from './support/apiSession';
import { logIn, shellReady, useBrowser } from './support/browser';

/**
 * BEYOND-4 in Chromium: the shared e2e API's scanner crawls the fixture shop (every host name
 * on 127.0.0.1, at the port globalSetup reserved), the domain row shows the result, and the
 * triage inbox moves the findings into cookie management.
 */

describe('cookie scanner in Chromium against the dev API', () => {
  const t = useBrowser();
  let site: FixtureSite;

  beforeAll(async () => {
    site = await startFixtureSite(inject('apiUrl'), inject('scanSitePort'));
  });
  afterAll(async () => {
    await site?.close();
  });

  it('[BEYOND-4][ENT-1] Scan now finds the three cookies, flags the one set before consent, and the inbox accepts them into cookie management', async () => {
    const api = await apiSession(t.apiUrl, 'owner@demo.test');
    const domain = `scan-${Date.now().toString(36)}.com`;
    const solution = await api<{ id: number; domains: { id: number }[] }>('POST', '/consent-solutions', {
      defaultLanguage: 'en',
      additionalLanguages: ['fr'],
      domain: { canonicalDomain: domain, type: 'website', scanDepth: 500, scanFrequency: 7 },
    });
    site.solutions.set(domain, solution.id);
    // DEPLOY-4: only a domain whose control is proved is scanned; the site publishes its token.
    const domainId = solution.domains[0]?.id ?? 0;
    site.verificationTokens.set(domain, (await api<{ verification: { token: string } }>('GET', `/domains/${domainId}`)).verification.token);
    await api('POST', `/domains/${domainId}/verify`);

    await logIn(t.page, 'owner@demo.test');
    await shellReady(t.page);
    await t.page.goto(`/consent-solutions/${solution.id}/domains/`);
    const row = t.page.getByRole('row', { name: new RegExp(domain.replaceAll('.', '\\.')) });
    await row.getByRole('button', { name: 'Scan now' }).click();
    // The row follows the scan by polling: progress, then the result.
    await row.getByText('3 cookies found').waitFor({ timeout: 60_000 });

    await t.page.goto(`/consent-solutions/${solution.id}/cookie-management/`);
    const inbox = t.page.getByTestId('triage-inbox');
    for (const name of ['_ga', '_fbp', 'PHPSESSID']) await inbox.locator(`tr[data-finding="${name}"]`).waitFor();
    const ga = inbox.locator('tr[data-finding="_ga"]');
    expect(await ga.getAttribute('data-kind')).toBe('new');
    expect(await ga.getByRole('cell').allInnerTexts()).toEqual(['', 'New', '_ga', domain, 'Statistics', 'Yes']);
    expect(await inbox.locator('tr[data-finding="_fbp"]').getByRole('cell').last().innerText()).toBe('No');

    await inbox.getByRole('checkbox', { name: 'Select all findings' }).check();
    await inbox.getByRole('button', { name: 'Accept selected (3)' }).click();
    await inbox.getByText('Nothing to review.').waitFor();
    for (const name of ['_ga', '_fbp', 'PHPSESSID']) await t.page.getByRole('gridcell', { name, exact: true }).waitFor();

    const cookies = await api<{ name: string; category: string; source: string }[]>('GET', `/cookies?consentSolutionId=${solution.id}`);
    expect(cookies.map((c) => `${c.name}:${c.category}:${c.source}`).sort()).toEqual([
      'PHPSESSID:necessary:scanner',
      '_fbp:marketing:scanner',
      '_ga:statistics:scanner',
    ]);
  }, 120_000);
});
