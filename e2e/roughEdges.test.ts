import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiSession } from './support/apiSession';
import { navItem, signIn, useBrowser } from './support/browser';
import { devHeaders } from './support/outbox';

/**
 * Rough edges a user tripped over: each one walked the way a user found it, in Chromium against
 * the dev API. Accounts: Demo Shop (owner) for reads only; a fresh trial
 * account per test that needs one (made by the admin, who then acts on it); Client Bakery for the
 * pop-up editor (a solution of its own); Demo Read-only for the read-only role.
 */

const ACTING_ACCOUNT_KEY = 'operations.actingAccount';

/** A new account in its 14-day trial, made through the API by the admin. */
const createTrialAccount = async (apiUrl: string, name: string): Promise<{ id: number; name: string }> => {
  const admin = await apiSession(apiUrl, 'admin@demo.test');
  const account = await admin<{ id: number; name: string }>('POST', '/accounts', { name });
  return { id: account.id, name: account.name };
};

/** Logs in as the admin acting on `account` (the switcher keeps it in sessionStorage), on `path`. */
const actAs = async (page: Page, account: { id: number; name: string }, path: string) => {
  await page.addInitScript(([key, value]) => window.sessionStorage.setItem(key, value), [ACTING_ACCOUNT_KEY, JSON.stringify(account)] as const);
  await signIn(page, 'admin@demo.test', path);
};

/** POST /dev/clock on the e2e API (loopback, as the test runner is, with the run's secret). */
const moveClock = async (apiUrl: string, body: { advanceDays: number } | { reset: true }) => {
  const res = await fetch(`${apiUrl}/dev/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...devHeaders() },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`dev clock: ${res.status}`);
};

const banner = (page: Page) => page.locator('[data-banner]');

describe('searches, trial banner, subscription wizard, read-only role, languages, template editor and installation as a user meets them', () => {
  const t = useBrowser();
  const stamp = Date.now().toString(36);

  afterEach(async () => {
    await moveClock(t.apiUrl, { reset: true });
  });

  it('[ROUTE-10] [ROUTE-23] a search that matches nothing shows the empty-state overlay, whose button clears it', async () => {
    await signIn(t.page, 'owner@demo.test', '/consent-solutions');
    await t.page.getByRole('link', { name: 'Demo Shop' }).waitFor();
    await t.page.getByRole('textbox', { name: 'Search by name or domain' }).fill('zz-nothing-here');
    const overlay = t.page.getByRole('status', { name: 'No consent solution matches “zz-nothing-here”' });
    await overlay.waitFor();
    await overlay.getByText('Check the spelling, or search by another name or public domain.').waitFor();
    expect(await t.page.getByText(/No Consent solutions found/i).count()).toBe(0);
    await overlay.getByRole('button', { name: 'Clear the search' }).click();
    await t.page.getByRole('link', { name: 'Demo Shop' }).waitFor();
    expect(await t.page.getByRole('textbox', { name: 'Search by name or domain' }).inputValue()).toBe('');
  });

  it('[ROUTE-10] [ROUTE-8] a list search is not remembered between visits', async () => {
    await signIn(t.page, 'owner@demo.test');
    // Each search is typed once its list shows rows and left once the list shows its match. A
    // search is applied 500 ms after the last keystroke (react-admin's debounce), and a wait for a
    // row to go away passes at once when the row was never there: leaving earlier, the pending
    // search still fired and took the browser back to the list it was typed in.
    await navItem(t.page, 'Consent Solutions').click();
    await t.page.getByRole('link', { name: 'Demo Shop' }).waitFor();
    await t.page.getByRole('textbox', { name: 'Search by name or domain' }).fill('blog.demo-shop');
    await t.page.getByRole('link', { name: 'Demo Shop' }).waitFor({ state: 'detached' });
    await t.page.getByRole('link', { name: 'Shop blog' }).waitFor();
    await navItem(t.page, 'Teammates').click();
    await t.page.getByRole('cell', { name: 'owner@demo.test' }).waitFor();
    await t.page.getByLabel('Search by email').fill('pending@');
    await t.page.getByRole('cell', { name: 'owner@demo.test' }).waitFor({ state: 'detached' });
    await t.page.getByRole('cell', { name: 'pending@demo.test' }).waitFor();

    await navItem(t.page, 'Consent Solutions').click();
    await t.page.getByRole('link', { name: 'Demo Shop' }).waitFor();
    expect(await t.page.getByRole('textbox', { name: 'Search by name or domain' }).inputValue()).toBe('');
    await navItem(t.page, 'Teammates').click();
    await t.page.getByRole('cell', { name: 'owner@demo.test' }).waitFor();
    expect(await t.page.getByLabel('Search by email').inputValue()).toBe('');
  });

  it('[ST-1] the trial banner counts on the server’s clock and follows it while the tab stays open', async () => {
    const account = await createTrialAccount(t.apiUrl, `Trial ${stamp}`);
    // The server is 13.9 days ahead of this browser: 2.4 hours of the 14-day trial are left.
    await moveClock(t.apiUrl, { advanceDays: 13.9 });
    await t.page.clock.install();
    await actAs(t.page, account, '/consent-solutions');
    await banner(t.page).getByText('1 day left in your trial').waitFor();

    // Four hours later on the server (a session lasts eight): the trial is over. The open tab
    // reads the account again on its own.
    await moveClock(t.apiUrl, { advanceDays: 4 / 24 });
    await t.page.clock.fastForward('05:01');
    await t.page.locator('[data-banner="trial_expired"]').waitFor();
    expect(await banner(t.page).count()).toBe(1);
  });

  it('[ROUTE-9] /subscription/success/ opened during a trial shows no payment: it goes to the overview', async () => {
    const account = await createTrialAccount(t.apiUrl, `Success ${stamp}`);
    await actAs(t.page, account, '/subscription/success/');
    await t.page.waitForURL((url) => url.pathname === '/subscription/overview/');
    await t.page.getByRole('heading', { name: 'Choose your plan' }).waitFor();
    expect(await t.page.getByText('Thank you, you are subscribed!').count()).toBe(0);
    expect(await t.page.getByText('Paid', { exact: true }).count()).toBe(0);
  });

  it('[ROUTE-9] billing typed so far survives going back to the overview (browser back or Back) and forward again', async () => {
    const account = await createTrialAccount(t.apiUrl, `Billing ${stamp}`);
    await actAs(t.page, account, '/consent-solutions');
    await banner(t.page).getByRole('link', { name: 'Subscribe' }).click();
    await t.page.getByRole('button', { name: 'Continue to billing' }).click();
    await t.page.getByLabel('Company name').fill('Kept SAS');
    await t.page.getByLabel('City').fill('Lyon');

    await t.page.goBack();
    await t.page.getByRole('heading', { name: 'Choose your plan' }).waitFor();
    await t.page.getByRole('button', { name: 'Continue to billing' }).click();
    expect(await t.page.getByLabel('Company name').inputValue()).toBe('Kept SAS');
    expect(await t.page.getByLabel('City').inputValue()).toBe('Lyon');

    await t.page.getByLabel('Postal code').fill('69001');
    await t.page.getByRole('button', { name: 'Back', exact: true }).click();
    await t.page.getByRole('button', { name: 'Continue to billing' }).click();
    expect(await t.page.getByLabel('Postal code').inputValue()).toBe('69001');
    expect(await t.page.getByLabel('Company name').inputValue()).toBe('Kept SAS');
  });

  it('[ROUTE-8] no Remove on your own teammate row; other rows keep it', async () => {
    await signIn(t.page, 'owner@demo.test', '/teammates');
    const own = t.page.getByRole('row').filter({ has: t.page.getByRole('cell', { name: 'owner@demo.test', exact: true }) });
    await own.waitFor();
    const other = t.page.getByRole('row').filter({ has: t.page.getByRole('cell', { name: 'pending@demo.test', exact: true }) });
    await other.getByRole('button', { name: 'Remove' }).waitFor();
    expect(await own.getByRole('button', { name: 'Remove' }).count()).toBe(0);
  });

  it('[ROLE-3] a read-only user’s onboarding offers no "Add a website" (it would end in Access denied)', async () => {
    await signIn(t.page, 'demo@demo.test', '/onboarding');
    await t.page.getByRole('heading', { name: '1. Add your website' }).waitFor();
    await t.page.getByRole('link', { name: 'Open the installation' }).waitFor();
    expect(await t.page.getByRole('link', { name: 'Add a website' }).count()).toBe(0);
  });

  it('[ROLE-3] a cold load of the create form never shows it to a read-only user, not even for a moment', async () => {
    await signIn(t.page, 'demo@demo.test');
    await t.page.addInitScript(() => {
      const watch = new MutationObserver(() => {
        if (document.querySelector('input[name="domain.canonicalDomain"]')) (window as unknown as { formShown: boolean }).formShown = true;
      });
      watch.observe(document, { subtree: true, childList: true });
    });
    await t.page.goto('/consent-solutions/create');
    await t.page
      .getByText(/access denied|right permissions/i)
      .first()
      .waitFor();
    expect(await t.page.evaluate(() => (window as unknown as { formShown?: boolean }).formShown ?? false)).toBe(false);
  });

  it('[ROLE-3] a read-only user sees the plans but is not led into the billing and card forms', async () => {
    await signIn(t.page, 'demo@demo.test', '/subscription/');
    await t.page.getByRole('heading', { name: 'Choose your plan' }).waitFor();
    await t.page.getByText('Your role can see the subscription but not change it. Ask the account owner to subscribe.').waitFor();
    expect(await t.page.getByRole('button', { name: 'Continue to billing' }).count()).toBe(0);
    expect(await t.page.getByLabel('Company name').count()).toBe(0);
  });

  it('[PROD-5] the language picker lists Akan once and names Twi as Twi', async () => {
    await signIn(t.page, 'owner@demo.test', '/consent-solutions/create');
    const input = t.page.getByRole('combobox', { name: 'Additional languages' });
    await input.click();
    await input.fill('akan');
    await t.page.getByRole('option', { name: 'Akan', exact: true }).first().waitFor();
    expect(await t.page.getByRole('option', { name: 'Akan', exact: true }).count()).toBe(1);
    await input.fill('twi');
    await t.page.getByRole('option', { name: 'Twi', exact: true }).waitFor();
  });

  it('[PROD-5] in French, dates and counts follow the UI language (not the browser’s) and the pop-up has one name', async () => {
    const owner = await apiSession(t.apiUrl, 'owner@demo.test');
    const [solution] = await owner<Array<{ id: number; consentVersionAt?: string }>>('GET', '/consent-solutions?q=demo-shop.com&_sort=name&_order=ASC');
    if (!solution) throw new Error('Demo Shop has no solution');
    const domains = await owner<Array<{ id: number; canonicalDomain: string; createdAt: string; lastScanAt: string | null }>>(
      'GET',
      `/domains?consentSolutionId=${solution.id}`,
    );
    const domain = domains.find((d) => d.lastScanAt !== null) ?? domains[0];
    if (!domain) throw new Error('Demo Shop solution has no domain');
    const french = (iso: string) => new Intl.DateTimeFormat('fr', { dateStyle: 'short', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(iso));

    // An American browser, a French UI.
    const context = await t.browser.newContext({ baseURL: t.appUrl, locale: 'en-US', timezoneId: 'UTC' });
    const page = await context.newPage();
    // Moves inside the app (as its links do), keeping the language chosen in this page.
    const open = (path: string) =>
      page.evaluate((to) => {
        window.history.pushState({}, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, path);
    try {
      await signIn(page, 'owner@demo.test');
      await page.getByRole('button', { name: 'English' }).click();
      await page.getByRole('menuitem', { name: /Français/ }).click();
      await navItem(page, 'Solutions de consentement').waitFor();

      await open(`/consent-solutions/${solution.id}/domains/${domain.id}/`);
      await page.getByText(french(domain.createdAt), { exact: true }).first().waitFor();
      expect(await page.getByText(/\d{1,2}\/\d{1,2}\/\d{4}, \d{1,2}:\d{2}:\d{2}\s?[AP]M/).count()).toBe(0);

      await open(`/consent-solutions/${solution.id}/domains/`);
      await page.getByRole('cell', { name: domain.canonicalDomain }).first().waitFor();
      if (domain.lastScanAt)
        await page
          .getByRole('cell', { name: french(domain.lastScanAt), exact: true })
          .first()
          .waitFor();
      expect(await page.getByText(/[AP]M$/).count()).toBe(0);

      await open(`/consent-solutions/${solution.id}/settings/`);
      const version = page.getByTestId('consent-version');
      await version.waitFor();
      expect(await version.textContent()).not.toMatch(/[AP]M/);
      expect(await version.textContent()).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);

      // The proof-of-consent list and a record.
      await open('/compliance-dashboard/records/');
      const latest = page.getByRole('table').last().getByRole('row').nth(1);
      await latest.waitFor();
      expect(await page.getByRole('main').textContent()).not.toMatch(/[AP]M/);
      expect(await latest.textContent()).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);

      // One name for the pop-up: the tab and the page it opens.
      await open(`/consent-solutions/${solution.id}/settings/`);
      await page.getByRole('tab', { name: 'Apparence du pop-up' }).click();
      await page.getByRole('heading', { name: 'Apparence du pop-up' }).first().waitFor();
    } finally {
      await context.close();
    }
  });

  describe('the template editor', () => {
    let solutionId = 0;
    beforeAll(async () => {
      const client = await apiSession(t.apiUrl, 'client@demo.test');
      solutionId = (
        await client<{ id: number }>('POST', '/consent-solutions', {
          defaultLanguage: 'en',
          additionalLanguages: [],
          domain: { canonicalDomain: `rough-${stamp}.com`, type: 'website', scanDepth: 500, scanFrequency: 7 },
        })
      ).id;
    });

    const startFromDefault = async () => {
      await t.page.goto(`/consent-solutions/${solutionId}/popup/my-templates/`);
      await t.page.getByRole('link', { name: 'Start from the default' }).first().click();
      await t.page.waitForURL((url) => /\/popup\/edit-template\/\d+\/use-from-gallery\/$/.test(url.pathname));
    };

    it('[ROUTE-19] at 1,400 px every code tab is in view: "Hide function" hides behind no scroll arrow', async () => {
      await t.page.setViewportSize({ width: 1400, height: 900 });
      await signIn(t.page, 'client@demo.test');
      await startFromDefault();
      const tabs = t.page.getByRole('tablist', { name: 'Template code' });
      await tabs.getByRole('tab', { name: 'Hide function' }).waitFor();
      expect(await tabs.evaluate((list) => (list.parentElement ? list.parentElement.scrollWidth - list.parentElement.clientWidth : 1))).toBeLessThanOrEqual(0);
    });

    it('[ROUTE-19] "Start from the default" asks before the first save makes the copy the pop-up’s template, and says so', async () => {
      await signIn(t.page, 'client@demo.test');
      const useOnSave = () => t.page.getByRole('checkbox', { name: /Use this copy for the pop-up when saved/ });
      const choice = (name: string) => t.page.getByRole('radio', { name });

      // Asked before saving; unticked, the first save leaves the pop-up on the default.
      await startFromDefault();
      expect(await useOnSave().isChecked()).toBe(true);
      await useOnSave().uncheck();
      await t.page.getByRole('button', { name: 'Save', exact: true }).click();
      await t.page.getByText('Template saved as version 1.', { exact: true }).waitFor();
      await t.page.waitForURL((url) => /\/edit-template\/\d+\/edit\/$/.test(url.pathname));
      await expect.poll(() => choice('The default template').isChecked()).toBe(true);

      // Left ticked, the save says the pop-up now uses the copy.
      await startFromDefault();
      await t.page.getByRole('button', { name: 'Save', exact: true }).click();
      await t.page.getByText(/The pop-up now uses it instead of the default/).waitFor();
      await expect.poll(() => choice('This custom template').isChecked()).toBe(true);
    });
  });

  it('[ROUTE-15] [ROUTE-5] installation’s next steps tick "Install the script" from the API’s scriptInstalled, with the onboarding guide’s words', async () => {
    const owner = await apiSession(t.apiUrl, 'owner@demo.test');
    const state = await owner<{ scriptInstalled: boolean; consentSolutionId: number | null }>('GET', '/reports/onboarding');
    // Demo Shop's seeded visitors' decisions: the script is installed.
    expect(state.scriptInstalled).toBe(true);
    const [solution] = await owner<Array<{ id: number }>>('GET', '/consent-solutions?_sort=name&_order=ASC');
    if (!solution) throw new Error('Demo Shop has no solution');

    await signIn(t.page, 'owner@demo.test', '/onboarding');
    const guideStep = t.page.locator('[data-step="install"]');
    await guideStep.getByRole('heading', { name: '3. Install the script' }).waitFor();
    expect(await guideStep.getAttribute('data-done')).toBe('true');

    await t.page.goto(`/consent-solutions/${solution.id}/installation/`);
    const step = t.page.locator('[data-step="script_seen"]');
    await step.getByText('Install the script', { exact: true }).waitFor();
    await expect.poll(() => step.getAttribute('data-done')).toBe('true');
    await t.page.locator('[data-step="domain_added"]').getByText('Add your website', { exact: true }).waitFor();
    await t.page.locator('[data-step="template_chosen"]').getByText('Pick a pop-up template', { exact: true }).waitFor();
    expect(await t.page.getByText(/coming soon/i).count()).toBe(0);
  });
});
