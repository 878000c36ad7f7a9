import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { logIn, shellReady, signIn, useBrowser } from './support/browser';
import { latestLinkFor } from './support/outbox';

// The e2e API is shared by every test file of a run: fresh invitee emails each time.
const freshEmail = (label: string) => `${label}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@demo.test`;

/** Signs in as the owner straight onto the invitation form and invites `email`. */
const invite = async (page: Page, email: string): Promise<void> => {
  await signIn(page, 'owner@demo.test', '/teammates/create/');
  await page.getByLabel('Email', { exact: false }).fill(email);
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText(`Invitation sent to ${email}.`).waitFor();
};

describe('teammates, roles and operations in Chromium against the dev API', () => {
  const t = useBrowser();

  it('[ROUTE-8] invites a teammate who follows the emailed link, sets a password and logs in', async () => {
    const email = freshEmail('invitee');
    await invite(t.page, email);
    await t.page.getByRole('cell', { name: email }).waitFor();

    const link = new URL(await latestLinkFor(t.apiUrl, email));
    await t.page.goto(link.pathname);
    await t.page.getByLabel('New password', { exact: true }).fill('Invitee-Password-2026');
    await t.page.getByRole('button', { name: 'Save password' }).click();
    await t.page
      .getByRole('button', { name: 'Continue to login' })
      .or(t.page.getByRole('link', { name: 'Continue to login' }))
      .first()
      .click();
    await logIn(t.page, email, 'Invitee-Password-2026');
    await shellReady(t.page);
  });

  it('[ROUTE-8] [ERR-1] removes a teammate behind a confirm; the audit log shows both actions as sentences [BEYOND-7] [BEYOND-10]', async () => {
    const email = freshEmail('removed');
    await invite(t.page, email);
    await t.page.getByLabel('Search by email').fill(email);
    const row = t.page.getByRole('row').filter({ hasText: email });
    await row.getByRole('button', { name: 'Remove' }).click();
    await t.page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await t.page.getByText('Teammate removed.').waitFor();
    await row.waitFor({ state: 'detached' });

    // BEYOND-10: sentences, not developer output.
    await t.page.goto('/audit-log/');
    await t.page.getByText(`Olivia Owner invited ${email}`, { exact: true }).first().waitFor();
    await t.page.getByText(`Olivia Owner removed ${email} from the team`, { exact: true }).first().waitFor();
    expect(await t.page.getByText(/teammates: email|delete teammates\//).count()).toBe(0);
  });

  it('[ERR-1] an invalid invitation shows the failure notice', async () => {
    await signIn(t.page, 'owner@demo.test', '/teammates/create/');
    await t.page.getByLabel('Email', { exact: false }).fill('owner@demo.test');
    await t.page.getByRole('button', { name: 'Save' }).click();
    await t.page.getByText('Teammate was not created, fix problems and try again.').waitFor();
  });

  it("[ROLE-1] [ROLE-3] [ROLE-4] the demo user sees its account's data read-only: no write buttons", async () => {
    await signIn(t.page, 'demo@demo.test', '/teammates/');
    await t.page.getByRole('cell', { name: 'demo@demo.test' }).waitFor();
    expect(await t.page.getByRole('link', { name: 'Add a teammate' }).count()).toBe(0);
    expect(await t.page.getByRole('button', { name: 'Remove' }).count()).toBe(0);
    await t.page.goto('/consent-solutions/');
    await t.page.getByRole('heading', { name: 'Consent solutions' }).first().waitFor();
    // ROLE-4: the seeded store of the demo account, not an empty list.
    await t.page.getByText('Demo Store').first().waitFor();
    await t.page.getByText('demo-store-readonly.com').first().waitFor();
    expect(await t.page.getByRole('link', { name: 'Create' }).count()).toBe(0);
  });

  it('[ROLE-1] an agency’s client sees no billing: the subscription page is denied and domain forms show no price', async () => {
    const pricingCalls: string[] = [];
    t.page.on('request', (request) => {
      // API calls only: a code chunk may be named after shared/pricing.ts.
      const url = new URL(request.url());
      if (url.origin === new URL(t.apiUrl).origin && /\/(pricing|subscriptions)\b/.test(url.pathname)) pricingCalls.push(request.url());
    });
    await signIn(t.page, 'client@demo.test', '/subscription/');
    await t.page.getByText('Access denied').first().waitFor();
    await t.page.goto('/consent-solutions/5/domains/create/');
    await t.page.getByRole('textbox', { name: /Domain URL/ }).fill('client-extra.example');
    await t.page.getByRole('combobox', { name: /Scanner frequency/ }).waitFor();
    expect(await t.page.getByText(/excl\. VAT/).count()).toBe(0);
    expect(pricingCalls).toEqual([]);
  });

  it('[ROLE-1] an admin switches to another account and sees its consent solutions', async () => {
    await signIn(t.page, 'admin@demo.test', '/consent-solutions/');
    await t.page.getByLabel('Acting on account').click();
    await t.page.getByRole('option', { name: 'Other Company' }).click();
    await t.page.getByRole('link', { name: 'Other Company', exact: true }).waitFor();
    expect(await t.page.evaluate(() => window.sessionStorage.getItem('operations.actingAccount'))).toContain('Other Company');
    await t.page.reload();
    await t.page.getByRole('link', { name: 'Other Company', exact: true }).waitFor();
    await t.page.goto('/audit-log/');
    await t.page.getByRole('heading', { name: 'Audit log' }).first().waitFor();
  });
});
