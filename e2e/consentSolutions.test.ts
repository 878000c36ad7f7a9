import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEFAULT_PRIVACY_STANDARDS } from '../src/schemas/privacyStandards';
import { apiSession } from './support/apiSession';
import { signIn, useBrowser } from './support/browser';

/** Fills the domain URL of a create form and waits for the live canonical check to settle. */
const fillDomain = async (page: Page, domain: string) => {
  const input = page.getByRole('textbox', { name: 'Domain URL' });
  await input.fill(domain);
  await input.blur();
};

/** Signs in as `email` straight onto the create form (no home page first), creates `domain`'s solution and returns its id. */
const createSolution = async (page: Page, email: string, domain: string) => {
  await signIn(page, email, '/consent-solutions/create');
  await fillDomain(page, domain);
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL((url) => /^\/consent-solutions\/\d+\/installation\/?$/.test(url.pathname));
  return Number(new URL(page.url()).pathname.split('/')[2]);
};

describe('consent solutions and domains in Chromium against the dev API', () => {
  const t = useBrowser();
  // Pixel Agency's own account starts with no consent solution; these tests use it alone.
  const agency = 'agency@demo.test';
  const stamp = Date.now().toString(36);

  it('[ROUTE-10] [ROUTE-11] [ROUTE-12] creates a consent solution from an empty account and lands on its detail', async () => {
    await signIn(t.page, agency, '/consent-solutions');
    await t.page.getByText('No consent solution yet').waitFor();
    await t.page
      .getByRole('link', { name: /create/i })
      .first()
      .click();
    await t.page.waitForURL((url) => url.pathname.startsWith('/consent-solutions/create'));

    await fillDomain(t.page, 'https://www.pixel-agency.com');
    await t.page.getByText('Domain is not in canonical form (without http/s protocol and www.).').waitFor();
    await t.page.getByRole('button', { name: 'Use pixel-agency.com' }).waitFor();

    await fillDomain(t.page, `pixel-${stamp}.com`);
    await t.page.getByText(/This domain adds \+€\d+\.\d\d \/ month/).waitFor();
    await t.page.getByRole('button', { name: 'Save' }).click();
    await t.page.waitForURL((url) => /^\/consent-solutions\/\d+\/installation\/?$/.test(url.pathname));
    // The page's own heading (the app bar repeats the title as a smaller one).
    await t.page.getByRole('heading', { level: 1, name: `pixel-${stamp}.com` }).waitFor();
    for (const tab of ['Installation', 'Domains', 'Pop-up appearance', 'Settings', 'Copy and translations', 'Cookie management']) {
      await t.page.getByRole('tab', { name: tab }).waitFor();
    }
  });

  it('[ROUTE-10] searches the list by a public domain', async () => {
    await signIn(t.page, 'owner@demo.test', '/consent-solutions');
    await t.page.getByRole('link', { name: 'Demo Shop' }).waitFor();
    await t.page.getByRole('textbox', { name: 'Search by name or domain' }).fill('blog.demo-shop');
    await t.page.getByRole('link', { name: 'Demo Shop' }).waitFor({ state: 'detached' });
    await t.page.getByRole('link', { name: 'Shop blog' }).waitFor();
    expect(await t.page.getByRole('row').count()).toBe(2); // header + the one match
  });

  it('[ROUTE-16] [ERR-2] [PROD-4] adds, edits and deletes a domain, with the refused cases', async () => {
    // The Operations account (admin) has no consent solution of its own: the new one holds its
    // only public domain, which makes the last-public-domain rule observable.
    const id = await createSolution(t.page, 'admin@demo.test', `domains-${stamp}.com`);

    // Refused: non-canonical (client-side), then a domain that exists in another account.
    await t.page.goto(`/consent-solutions/${id}/domains/create/`);
    await fillDomain(t.page, 'http://shop.example.org');
    await t.page.getByText('Domain is not in canonical form (without http/s protocol and www.).').waitFor();
    await fillDomain(t.page, 'demo-shop.com');
    await t.page.getByRole('button', { name: 'Save' }).click();
    await t.page.getByText('This canonical domain already exists or is in use.').first().waitFor();

    // Added: an alias, not charged.
    await fillDomain(t.page, `staging-${stamp}.com`);
    await t.page.getByRole('combobox', { name: 'Type' }).click();
    await t.page.getByRole('option', { name: 'Internal alias (internal test domain)' }).click();
    await t.page.getByText('Not charged: only public domains (website) are billed.').waitFor();
    await t.page.getByRole('button', { name: 'Save' }).click();
    await t.page.getByRole('link', { name: `staging-${stamp}.com` }).waitFor();

    // Edited: the public domain's depth, with the price change shown before saving; the
    // canonical domain cannot be edited.
    await t.page.getByRole('link', { name: `domains-${stamp}.com` }).click();
    const domainField = t.page.getByRole('textbox', { name: 'Domain URL' });
    await domainField.waitFor();
    expect(await domainField.isEditable()).toBe(false);
    await t.page.getByRole('combobox', { name: 'Scan depth' }).click();
    await t.page.getByRole('option', { name: 'Large (15,000 pages)' }).click();
    await t.page.getByText(/This change: \+€\d+\.\d\d \/ month/).waitFor();
    await t.page.getByRole('button', { name: 'Save' }).click();
    await t.page.getByText('Domain saved.').first().waitFor();

    // Refused: the account's last public domain.
    await t.page.goto(`/consent-solutions/${id}/domains/`);
    await t.page.getByRole('link', { name: `domains-${stamp}.com` }).click();
    await t.page.getByRole('button', { name: 'Delete' }).click();
    await t.page
      .getByRole('dialog')
      .getByRole('button', { name: /confirm|delete/i })
      .last()
      .click();
    await t.page.getByText('The last public domain of the last consent solution cannot be removed.').first().waitFor();

    // Deleted: the alias.
    await t.page.goto(`/consent-solutions/${id}/domains/`);
    await t.page.getByRole('link', { name: `staging-${stamp}.com` }).click();
    await t.page.getByRole('button', { name: 'Delete' }).click();
    await t.page
      .getByRole('dialog')
      .getByRole('button', { name: /confirm|delete/i })
      .last()
      .click();
    await t.page.getByText('Domain deleted.').first().waitFor();
    await t.page.goto(`/consent-solutions/${id}/domains/`);
    await t.page.getByRole('link', { name: `domains-${stamp}.com` }).waitFor();
    expect(await t.page.getByRole('link', { name: `staging-${stamp}.com` }).count()).toBe(0);
  });

  it('[ROUTE-14] pushes for consent after confirming', async () => {
    const id = await createSolution(t.page, agency, `push-${stamp}.com`);
    await t.page.goto(`/consent-solutions/${id}/settings/`);
    await t.page.getByText(/Version 1, since/).waitFor();
    await t.page.getByRole('button', { name: 'Push for consent' }).click();
    const dialog = t.page.getByRole('dialog', { name: 'Ask all visitors for consent again?' });
    await dialog.getByRole('button', { name: 'Push for consent' }).click();
    await t.page.getByText('Consent version 2 is live: visitors will be asked again.').first().waitFor();
    await t.page.getByText(/Version 2, since/).waitFor();
  });

  it('[ROUTE-14] deletes a consent solution after typing its name', async () => {
    const domain = `gone-${stamp}.com`;
    const id = await createSolution(t.page, agency, domain);
    // A solution with active domains cannot go: remove its domain first (other solutions keep a public one).
    await t.page.goto(`/consent-solutions/${id}/settings/`);
    await t.page.getByRole('button', { name: 'Delete consent solution' }).click();
    let dialog = t.page.getByRole('dialog', { name: `Delete ${domain}?` });
    await dialog.getByRole('textbox').fill(domain);
    await dialog.getByRole('button', { name: 'Delete permanently' }).click();
    await dialog.getByText('A consent solution cannot be removed while it has active domains.').waitFor();
    await dialog.getByRole('button', { name: /cancel/i }).click();

    await t.page.goto(`/consent-solutions/${id}/domains/`);
    await t.page.getByRole('link', { name: domain }).click();
    await t.page.getByRole('button', { name: 'Delete' }).click();
    await t.page
      .getByRole('dialog')
      .getByRole('button', { name: /confirm|delete/i })
      .last()
      .click();
    await t.page.getByText('Domain deleted.').first().waitFor();

    await t.page.goto(`/consent-solutions/${id}/settings/`);
    await t.page.getByRole('button', { name: 'Delete consent solution' }).click();
    dialog = t.page.getByRole('dialog', { name: `Delete ${domain}?` });
    await expect(dialog.getByRole('button', { name: 'Delete permanently' }).isDisabled()).resolves.toBe(true);
    await dialog.getByRole('textbox').fill(domain);
    await dialog.getByRole('button', { name: 'Delete permanently' }).click();
    await t.page.getByText(`${domain} was deleted.`).first().waitFor();
    await t.page.waitForURL((url) => /^\/consent-solutions\/?$/.test(url.pathname));
    const response = await t.page.request.get(`${t.apiUrl}/consent-solutions/${id}`);
    expect(response.status()).toBe(404);
  });

  it('[ROUTE-15][PROMISE-5][PROMISE-4] copies the one installation script, the same after publishes from the header, which shows the live version and what is not yet published', async () => {
    await t.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: t.appUrl });
    const domain = `snippet-${stamp}.com`;
    const id = await createSolution(t.page, agency, domain);
    const copy = async () => {
      await t.page.getByRole('button', { name: 'Copy script tag' }).click();
      await t.page.getByText('Script tag copied to the clipboard.').first().waitFor();
      return t.page.evaluate(() => navigator.clipboard.readText());
    };
    const before = await copy();
    expect(before).toBe(`<script src="${t.apiUrl}/cdn/${id}/loader.js" data-consent-solution="${id}"></script>`);
    const api = await apiSession(t.apiUrl, agency);
    await api('PUT', `/consent-solutions/${id}/standards`, {
      ...DEFAULT_PRIVACY_STANDARDS,
      consentMode: { ...DEFAULT_PRIVACY_STANDARDS.consentMode, enabled: true },
    });
    const header = t.page.locator('[data-publish-bar]');
    await header.getByText('Not published yet: visitors see no pop-up').waitFor({ timeout: 20_000 });
    await header.getByRole('button', { name: 'Publish' }).click();
    await header.locator('[data-live-version="1"]').waitFor({ timeout: 20_000 });
    await t.page.reload();
    expect(await copy()).toBe(before);

    // An edit after the publish shows as unpublished until published.
    const purpose = { en: 'Keeps the chosen currency.' };
    await api('POST', '/cookies', { consentSolutionId: id, name: 'currency', domain, category: 'functional', purpose, expiryDays: 30, dataProcessor: null });
    await t.page.reload();
    await header.getByText('Changes not yet published: cookies').waitFor({ timeout: 20_000 });
    await header.getByRole('button', { name: 'Publish' }).click();
    await header.locator('[data-live-version="2"]').waitFor({ timeout: 20_000 });
    expect(await header.locator('[data-unpublished]').count()).toBe(0);
    expect(await copy()).toBe(before);
  }, 120_000);
});
