import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { startFixtureSite, type FixtureSite } from '../dev-server/test/fixtures/sites/siteServer';
import type { Scan } from '../src/schemas/scanner';
import { apiSession } from './support/apiSession';
import { signIn, useBrowser } from './support/browser';
import { startGatedSite, type GatedSite } from './support/gatedSite';

/**
 * BEYOND-4 / SCAN-7 in Chromium: the shared e2e API's scanner crawls the three-page fixture shop
 * (every host name on 127.0.0.1, at the port globalSetup reserved, through a gate that can hold
 * its third page). The domain row follows the scan in pages and consent states, then shows its
 * summary; the triage inbox moves the findings into cookie management; a second scan, started
 * there, is cancelled part-way and keeps what it found.
 */

/** A bound, not a wait: three pages take seconds on a quiet machine, over a minute on a loaded one (a new scanner page took 26 s). */
const SCAN_WAIT = 150_000;

describe('cookie scanner in Chromium against the dev API', () => {
  const t = useBrowser();
  let shop: FixtureSite;
  let gate: GatedSite;

  beforeAll(async () => {
    shop = await startFixtureSite(inject('apiUrl'));
    gate = await startGatedSite(inject('scanSitePort'), shop.port, '/page3.html');
  });
  afterAll(async () => {
    await gate?.close();
    await shop?.close();
  });

  it('[SCAN-7][BEYOND-4][ENT-1] a scan shows its pages and consent state, then its summary; the inbox accepts its findings; Scan now in cookie management, cancelled part-way, keeps what it found', async () => {
    const api = await apiSession(t.apiUrl, 'owner@demo.test');
    const domain = `scan-${Date.now().toString(36)}.com`;
    const solution = await api<{ id: number; domains: { id: number }[] }>('POST', '/consent-solutions', {
      defaultLanguage: 'en',
      additionalLanguages: ['fr'],
      domain: { canonicalDomain: domain, type: 'website', scanDepth: 500, scanFrequency: 7 },
    });
    shop.solutions.set(domain, solution.id);
    // DEPLOY-4: only a domain whose control is proved is scanned; the site publishes its token.
    const domainId = solution.domains[0]?.id ?? 0;
    shop.verificationTokens.set(domain, (await api<{ verification: { token: string } }>('GET', `/domains/${domainId}`)).verification.token);
    await api('POST', `/domains/${domainId}/verify`);
    // The shop's pages load the banner: published, the scanner decides "accept" and "reject" with it (SCAN-4).
    await api('POST', `/consent-solutions/${solution.id}/publish`, { needsReconsent: false });

    await signIn(t.page, 'owner@demo.test', `/consent-solutions/${solution.id}/domains/`);
    const row = t.page.getByRole('row', { name: new RegExp(domain.replaceAll('.', '\\.')) });
    gate.hold();
    await row.getByRole('button', { name: 'Scan now' }).click();
    // The third page is held: two pages of three (not page visits of every state), before consent.
    await row.getByText('Scanning: 2 of 3 pages').waitFor({ timeout: SCAN_WAIT });
    await row.getByText('Now checking before consent: 2 of 3').waitFor();
    gate.release();
    await row.getByText('4 cookies found').waitFor({ timeout: SCAN_WAIT });
    // The list is read again when the scan ends: the domain's status and cookie count.
    await row.locator('[data-status="active"]').waitFor();
    await row.getByRole('cell', { name: '4', exact: true }).waitFor();

    await row.getByRole('button', { name: 'Details' }).click();
    const summary = row.getByRole('table', { name: 'Last scan by consent state' });
    const cells = (state: string) => summary.locator(`tr[data-state="${state}"] td`).allInnerTexts();
    // Before consent: _ga (home), PHPSESSID (page 2), deep_cookie (page 3); _fbp waits for consent.
    expect((await cells('before')).slice(1)).toEqual(['3 of 3', '3']);
    for (const state of ['accept', 'reject', 'gpc']) expect((await cells(state))[1]).toBe('3 of 3');

    await t.page.goto(`/consent-solutions/${solution.id}/cookie-management/`);
    const inbox = t.page.getByTestId('triage-inbox');
    const newCookie = (name: string) => inbox.locator(`tr[data-kind="new"][data-finding="${name}"]`);
    for (const name of ['_ga', '_fbp', 'PHPSESSID', 'deep_cookie']) await newCookie(name).waitFor();
    expect(await newCookie('_ga').getByRole('cell').allInnerTexts()).toEqual(['', 'New', '_ga', domain, 'Statistics', 'Yes']);
    expect(await newCookie('_fbp').getByRole('cell').last().innerText()).toBe('No');
    // _ga is set by the home page whatever the visitor chose: the inbox says so for "reject all" and GPC.
    const unconsented = inbox.locator('tr[data-kind="cookie_without_consent"][data-finding="_ga"]');
    await expect.poll(() => unconsented.count()).toBe(2);
    const states = (await unconsented.allInnerTexts()).join('\n');
    for (const state of ['After “reject all”', 'With Global Privacy Control']) expect(states).toContain(state);
    const findings = await inbox.locator('tbody tr').count();

    await inbox.getByRole('checkbox', { name: 'Select all findings' }).check();
    await inbox.getByRole('button', { name: `Accept selected (${findings})` }).click();
    await inbox.getByText('Nothing to review.').waitFor();
    for (const name of ['_ga', '_fbp', 'PHPSESSID']) await t.page.getByRole('gridcell', { name, exact: true }).waitFor();
    const cookies = await api<{ name: string; category: string; source: string }[]>('GET', `/cookies?consentSolutionId=${solution.id}`);
    expect(cookies.map((c) => `${c.name}:${c.category}:${c.source}`).sort()).toEqual([
      'PHPSESSID:necessary:scanner',
      '_fbp:marketing:scanner',
      '_ga:statistics:scanner',
      'deep_cookie:unclassified:scanner',
    ]);

    // The second scan, from cookie management, is cancelled while the third page is held.
    const item = t.page.getByTestId('solution-scans').locator(`[data-domain="${domain}"]`);
    await item.getByText('4 cookies found').waitFor();
    gate.hold();
    await item.getByRole('button', { name: 'Scan now' }).click();
    await item.getByText('Scanning: 2 of 3 pages').waitFor({ timeout: SCAN_WAIT });
    await item.getByRole('button', { name: 'Cancel scan' }).click();
    const dialog = t.page.getByRole('dialog', { name: `Cancel the scan of ${domain}?` });
    await dialog.getByText('The scan stops within seconds. What it found so far is kept.').waitFor();
    await dialog.getByRole('button', { name: 'Cancel scan' }).click();
    await item.getByText('Stopping…').waitFor();
    // The worker ends the crawl once its pages in flight are over: cut the held one.
    gate.cut();
    await item.getByText('Cancelled', { exact: true }).waitFor({ timeout: SCAN_WAIT });
    await item.getByText('Stopped after 2 of 3 pages; what it found is kept.').waitFor();
    await item.getByText('This scan was cancelled. Scan again when you are ready.').waitFor();
    const latest = await api<Scan>('GET', `/domains/${domainId}/scans/latest`);
    expect(latest).toMatchObject({ status: 'failed', failure: 'cancelled', partial: true });
    expect(latest.states.before).toMatchObject({ planned: 3, visited: 2 });
  }, 600_000);
});
