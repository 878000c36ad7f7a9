import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { runAxe } from './support/axe';
import { apiSession } from './support/apiSession';
import { expectConsoleMessage } from './support/consoleGuard';
import { logIn, navItem, savedDownload, shellReady, signIn, useBrowser } from './support/browser';

/**
 * PAY-1 in Chromium against the dev API: a paying account's `/subscription/` page. The accounts
 * are fresh ones the admin makes (and subscribes) through the API, then acts on in the browser
 * with the account switcher, so no other test's account changes.
 */

interface View {
  billingCycleEnds: string;
  price: { totalCents: number };
}

const longDate = (iso: string) => new Intl.DateTimeFormat('en', { dateStyle: 'long' }).format(new Date(iso));
const euros = (cents: number) => new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR' }).format(cents / 100);

/** Logs in as the admin and picks `account` in the switcher, as operations staff do. */
const actAs = async (page: Page, account: { name: string }) => {
  await logIn(page, 'admin@demo.test');
  await shellReady(page);
  await page.getByLabel('Acting on account').click();
  await page.getByRole('option', { name: account.name, exact: true }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
  await page.getByRole('combobox', { name: 'Acting on account' }).filter({ hasText: account.name }).waitFor();
};

const billing = {
  companyName: 'Paying Shop SAS',
  invoiceEmail: 'billing@paying-shop.test',
  addressLine1: '1 rue de la Paix',
  postalCode: '75002',
  city: 'Paris',
  country: 'FR',
  phonePrefix: '+33',
  phoneNumber: '1 23 45 67 89',
};

/** A new account, made by the admin through the API; subscribed with a card when `plan` is given. */
const newAccount = async (apiUrl: string, label: string, plan?: { plan: string; interval: string; domainsCount: number }) => {
  const admin = await apiSession(apiUrl, 'admin@demo.test');
  const account = await admin<{ id: number; name: string }>('POST', '/accounts', { name: `${label} ${Date.now().toString(36)}` });
  const start = plan
    ? await admin<View>('POST', `/subscriptions/${account.id}`, {
        ...plan,
        billing,
        payment: { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' },
      })
    : undefined;
  return { admin, account, start };
};

describe('subscription overview in Chromium against the dev API', () => {
  const t = useBrowser();

  it('[PAY-1] [ROUTE-23] [CONST-1] a paying account sees plan, next charge, card and invoices; changes plan and card with their effect shown first; cancels after a confirmation', async () => {
    const created = await newAccount(t.apiUrl, 'Paying', { plan: 'essential', interval: 'month', domainsCount: 3 });
    const { admin, account } = created;
    const start = created.start as View;

    await actAs(t.page, account);
    const page = t.page;
    // The navigation has a billing entry for a paying account.
    await navItem(page, 'Billing').click();
    await page.getByRole('heading', { name: 'Your subscription' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/subscription/');
    await page.getByText('Essential, billed monthly, 3 domain slots').waitFor();
    await page.getByText(`${euros(start.price.totalCents)} on ${longDate(start.billingCycleEnds)}`).waitFor();
    expect(await page.getByTestId('card-on-file').textContent()).toBe('VISA ending in 4242, expires 12/2039');

    // The first payment's invoice, downloaded as a document.
    const invoices = page.getByRole('table', { name: 'Invoices' });
    const [row] = await invoices
      .getByRole('row')
      .all()
      .then((rows) => rows.slice(1));
    expect(await row?.textContent()).toContain(euros(start.price.totalCents));
    const [download] = await Promise.all([page.waitForEvent('download'), invoices.getByRole('button', { name: /^Download invoice INV-/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/^INV-\d{4}-\d{6}\.html$/);
    const html = await readFile(await savedDownload(download), 'utf8');
    expect(html).toContain('Paying Shop SAS');
    expect(html).toContain(`<tr class="total"><td>Total</td><td class="n">${euros(start.price.totalCents)}</td></tr>`);

    // ROUTE-23 / CONST-1: the overview passes axe and fits a 412 px phone.
    const { violations } = await runAxe(page);
    expect(violations.map((v) => `${v.impact ?? ''} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    const desktop = page.viewportSize();
    await page.setViewportSize({ width: 412, height: 823 });
    // The layout follows the resize a frame or two later.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(412);
    if (desktop) await page.setViewportSize(desktop);

    // A change of plan, interval and slots, made with the keyboard, shows its price and date
    // before it is confirmed: no proration, from the next period.
    const confirm = page.getByRole('button', { name: 'Confirm the change' });
    expect(await confirm.isDisabled()).toBe(true);
    await page.getByRole('combobox', { name: 'Plan' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('option', { name: 'Essential' }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.getByRole('combobox', { name: 'Plan' }).getByText('Professional').waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowDown');
    await page.getByRole('option', { name: 'Monthly' }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page
      .getByRole('combobox', { name: 'Billing interval' })
      .getByText(/^Yearly/)
      .waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('5');
    expect(await page.getByRole('textbox', { name: 'Public domain slots' }).inputValue()).toBe('5');
    const effect = page.getByTestId('change-effect');
    await effect
      .getByText(`Nothing is charged today: the change applies now and the new price is charged from the next period, on ${longDate(start.billingCycleEnds)}.`)
      .waitFor();
    const preview = await admin<{ next: { totalCents: number } }>('POST', `/subscriptions/${account.id}/preview`, {
      plan: 'professional',
      interval: 'year',
      domainsCount: 5,
    });
    expect(preview.next.totalCents).not.toBe(start.price.totalCents);
    await effect.getByText(`New price: ${euros(preview.next.totalCents)} per year incl. VAT (now ${euros(start.price.totalCents)}).`).waitFor();
    // Nothing changes until the button confirms it.
    expect(await admin<{ plan: string; domainsCount: number }>('GET', `/subscriptions/${account.id}`)).toMatchObject({ plan: 'essential', domainsCount: 3 });
    await confirm.focus();
    await page.keyboard.press('Enter');
    await page.getByText('Subscription changed.').waitFor();
    await page.getByText('Professional, billed yearly, 5 domain slots').waitFor();
    await page.getByText(`${euros(preview.next.totalCents)} on ${longDate(start.billingCycleEnds)}`).waitFor();
    expect(await admin<{ plan: string; interval: string; domainsCount: number }>('GET', `/subscriptions/${account.id}`)).toMatchObject({
      plan: 'professional',
      interval: 'year',
      domainsCount: 5,
    });

    // A new card: a refused one is shown on its field and changes nothing; a good one replaces it.
    await page.getByRole('button', { name: 'Change card' }).click();
    const dialog = page.getByRole('dialog', { name: 'New card' });
    await dialog.getByText('The next renewals are charged to this card. Nothing is charged now.', { exact: false }).waitFor();
    await dialog.getByLabel('Card number').fill('4000 0000 0000 0069');
    await dialog.getByLabel('Expiration date').fill('12/39');
    await dialog.getByLabel('CVC').fill('123');
    await dialog.getByRole('button', { name: 'Save the card' }).click();
    await dialog.getByText('Your card has expired.').first().waitFor();
    expect(await page.getByTestId('card-on-file').textContent()).toBe('VISA ending in 4242, expires 12/2039');
    await dialog.getByLabel('Card number').fill('5555 5555 5555 4444');
    await dialog.getByLabel('CVC').press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('MASTERCARD ending in 4444, expires 12/2039').waitFor();

    // Cancelling asks first and says when the service ends; Escape keeps the subscription.
    const cancel = page.getByRole('button', { name: 'Cancel the subscription' });
    await cancel.focus();
    await page.keyboard.press('Enter');
    const ask = page.getByRole('dialog', { name: 'Cancel your subscription?' });
    await ask.getByText(`Your consent solutions keep running until ${longDate(start.billingCycleEnds)}, then stop.`, { exact: false }).waitFor();
    await page.keyboard.press('Escape');
    await ask.waitFor({ state: 'hidden' });
    expect(await admin<{ status: string }>('GET', `/subscriptions/${account.id}`)).toMatchObject({ status: 'active' });
    await cancel.click();
    await ask.getByRole('button', { name: 'Keep my subscription' }).click();
    await ask.waitFor({ state: 'hidden' });
    await cancel.click();
    await ask.getByRole('button', { name: `Cancel on ${longDate(start.billingCycleEnds)}` }).click();
    await page.getByText('Subscription cancelled.').waitFor();
    await page.getByText(`Your subscription is cancelled. It ends on ${longDate(start.billingCycleEnds)}`, { exact: false }).waitFor();
    expect(await cancel.count()).toBe(0);
    expect(await admin<{ status: string }>('GET', `/subscriptions/${account.id}`)).toMatchObject({ status: 'expiring', nextCharge: null });
  }, 180_000);

  it('[PAY-1] [ROUTE-22] the overview says while it loads, when a read failed (with a retry) and when there is no invoice yet, in English and in French', async () => {
    const page = t.page;
    const api = new URL(t.apiUrl).origin;
    // A paying account billed outside the card payments: no invoice here yet.
    await actAs(page, { name: 'Other Company' });
    expectConsoleMessage(/status of 503/, 'the test answers 503 for the subscription and the invoices on purpose');
    let failing = true;
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(`${api}/subscriptions`, (route) => (failing ? route.fulfill({ status: 503, json: {} }) : route.fallback()));
    await page.route(`${api}/invoices`, async (route) => {
      if (failing) return route.fulfill({ status: 503, json: {} });
      await held;
      return route.fallback();
    });

    await navItem(page, 'Billing').click();
    await page.getByRole('heading', { name: 'This could not be loaded' }).waitFor();
    failing = false;
    // The page comes back; its invoices fail on their own, with their own retry.
    await page.route(`${api}/invoices`, (route) => route.fulfill({ status: 503, json: {} }), { times: 1 });
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { name: 'Your subscription' }).waitFor();
    const invoices = page.getByRole('region', { name: 'Invoices' });
    await invoices.getByRole('heading', { name: 'This could not be loaded' }).waitFor();
    await invoices.getByRole('button', { name: 'Try again' }).click();
    await invoices.getByRole('status').getByText('Loading the invoices…').waitFor();
    release();
    await invoices.getByText('No invoice yet: one is issued with every payment.').waitFor();
    expect(await invoices.getByRole('table').count()).toBe(0);

    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('menuitem', { name: /Français/ }).click();
    await page.getByRole('heading', { name: 'Votre abonnement' }).waitFor();
    await navItem(page, 'Facturation').waitFor();
    await page.getByText('Aucune facture pour l’instant : une facture est émise à chaque paiement.').waitFor();
    await page.getByRole('heading', { name: 'Changer de formule, de périodicité ou d’emplacements' }).waitFor();
    await page.getByRole('button', { name: 'Résilier l’abonnement' }).click();
    await page.getByRole('dialog', { name: 'Résilier votre abonnement ?' }).getByRole('button', { name: 'Garder mon abonnement' }).click();
  });

  it('[ROLE-3] [PAY-1] billing is for owners: an agency sees its entry, a read-only user and an agency client none', async () => {
    await signIn(t.page, 'agency@demo.test');
    await navItem(t.page, 'Billing').waitFor();
    for (const email of ['demo@demo.test', 'client@demo.test']) {
      // Both accounts are paying: the entry would come once the account is read.
      const accountRead = t.page.waitForResponse((response) => /^\/accounts\/\d+$/.test(new URL(response.url()).pathname));
      await signIn(t.page, email);
      await accountRead;
      await t.page.waitForLoadState('networkidle');
      expect(await navItem(t.page, 'Billing').count(), email).toBe(0);
    }
  });

  it('[ROUTE-9] [PAY-1] an account that has not subscribed has no billing entry and keeps the purchase wizard', async () => {
    const { account } = await newAccount(t.apiUrl, 'Trial');
    await actAs(t.page, account);
    await t.page.locator('[data-banner="trial"]').waitFor();
    expect(await navItem(t.page, 'Billing').count()).toBe(0);
    await t.page.goto('/subscription/');
    await t.page.getByRole('heading', { name: 'Choose your plan' }).waitFor();
    expect(new URL(t.page.url()).pathname).toBe('/subscription/overview/');
  });
});
