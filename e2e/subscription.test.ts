import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn, useBrowser } from './support/browser';

/**
 * The subscription wizard in Chromium against the dev API. Demo Shop (owner@demo.test) is the
 * trial account; only the last test subscribes it, the others leave it as they found it.
 */

interface SubscriptionBody {
  status: string;
  plan: string;
  interval: string;
  payments: Array<{ status: string }>;
}

/** GET from the API with the page's session (the app's origin is allowed by CORS). */
const apiGet = <T>(page: Page, apiUrl: string, path: string): Promise<T> =>
  page.evaluate(async (url) => (await fetch(url, { credentials: 'include' })).json(), `${apiUrl}${path}`) as Promise<T>;

const summary = (page: Page) => page.getByRole('region', { name: 'Summary' });

/** From the trial banner's Subscribe button through the overview to the billing form. */
const openBilling = async (page: Page) => {
  await page.getByRole('link', { name: 'Subscribe' }).click();
  await page.getByRole('heading', { name: 'Choose your plan' }).waitFor();
  await page.getByRole('button', { name: 'Continue to billing' }).click();
  await page.getByRole('heading', { name: 'Billing details' }).waitFor();
};

const fillBilling = async (page: Page, coupon = '') => {
  await page.getByLabel('Company name').fill('Demo Shop SAS');
  await page.getByLabel('Invoice email').fill('billing@demo-shop.test');
  await page.getByLabel('Address line 1').fill('1 rue de la Paix');
  await page.getByLabel('Postal code').fill('75002');
  await page.getByLabel('City').fill('Paris');
  await page.getByRole('combobox', { name: 'Country' }).fill('Franc');
  await page.getByRole('option', { name: 'France', exact: true }).click();
  await page.getByLabel('Phone number').fill('1 23 45 67 89');
  if (coupon) {
    await page.getByLabel('Coupon').fill(coupon);
    await page.getByLabel('Coupon').blur();
  }
};

const fillCard = async (page: Page, number: string) => {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiration date').fill('12/39');
  await page.getByLabel('CVC').fill('123');
};

describe('subscription wizard in Chromium against the dev API', () => {
  const t = useBrowser();

  it("[PROD-4] changing a domain's depth afterwards shows the new price", async () => {
    await signIn(t.page, 'owner@demo.test');
    const [domain] = await apiGet<Array<{ id: number; consentSolutionId: number }>>(t.page, t.apiUrl, '/domains?q=blog.demo-shop.com');
    expect(domain).toBeDefined();
    await t.page.goto(`/consent-solutions/${domain?.consentSolutionId}/domains/${domain?.id}/`);
    // Lite, weekly, Essential: 9 € × 1.5 (CONST-3).
    await t.page.getByText('This domain costs €13.50 / month (excl. VAT).').waitFor();
    await t.page.getByRole('combobox', { name: /Scan depth/ }).click();
    await t.page.getByRole('option', { name: /Large/ }).click();
    // Large, weekly: 49 € × 1.5 = 73.50 €, 60 € more. Not saved: the account keeps its price.
    await t.page.getByText('This change: +€60.00 / month (excl. VAT). New price: €73.50 / month.').waitFor();
  });

  it('[ROUTE-9] the billing step entered from outside the app opens the overview', async () => {
    await signIn(t.page, 'owner@demo.test', '/subscription/billing/');
    await t.page.getByRole('heading', { name: 'Choose your plan' }).waitFor();
    expect(new URL(t.page.url()).pathname).toBe('/subscription/overview/');
  });

  it('[ENT-5] a declined card (4000 0000 0000 0002) shows the error and charges nothing', async () => {
    await signIn(t.page, 'owner@demo.test');
    const before = await apiGet<SubscriptionBody>(t.page, t.apiUrl, '/subscriptions');
    await openBilling(t.page);
    await fillBilling(t.page);
    await t.page.getByRole('button', { name: 'Continue to payment' }).click();
    await t.page.getByRole('heading', { name: 'Payment', exact: true }).waitFor();
    await fillCard(t.page, '4000 0000 0000 0002');
    await t.page.getByRole('button', { name: 'Subscribe and pay' }).click();
    await t.page.getByTestId('payment-failure').getByText('Nothing was charged.').waitFor();
    // The card field says why (a toast says it too).
    await t.page.getByText('Your card was declined.').first().waitFor();
    expect(await t.page.getByLabel('Card number').getAttribute('aria-invalid')).toBe('true');
    expect(new URL(t.page.url()).pathname).toBe('/subscription/payment/');
    const after = await apiGet<SubscriptionBody>(t.page, t.apiUrl, '/subscriptions');
    expect(after.status).toBe(before.status);
    expect(after.payments.filter((p) => p.status === 'succeeded')).toHaveLength(before.payments.filter((p) => p.status === 'succeeded').length);
  });

  // Last: it turns Demo Shop's trial into a paid subscription.
  it('[ROUTE-9] [ENT-5] a trial account subscribes to Professional yearly with the WELCOME20 coupon and card 4242 4242 4242 4242, lands on success, and the trial banner is gone', async () => {
    await signIn(t.page, 'owner@demo.test');
    await t.page.locator('[data-banner="trial"]').waitFor();
    await openBilling(t.page);
    await fillBilling(t.page, 'WELCOME20');
    await summary(t.page).getByRole('button', { name: 'Professional' }).click();
    await summary(t.page).getByRole('button', { name: 'Yearly (2 months free)' }).click();
    await summary(t.page).getByText('Coupon WELCOME20 (−20 %)').waitFor();
    await summary(t.page).getByText('VAT (20 %)').waitFor();
    await summary(t.page).getByText('Total per year').waitFor();
    const lines = await summary(t.page).getByTestId('summary-line').count();
    expect(lines).toBeGreaterThan(0);
    await t.page.getByRole('button', { name: 'Continue to payment' }).click();
    await t.page.getByRole('heading', { name: 'Payment', exact: true }).waitFor();
    await fillCard(t.page, '4242424242424242');
    expect(await t.page.getByLabel('Card number').inputValue()).toBe('4242 4242 4242 4242');
    await t.page.getByTestId('card-brand').getByText('Visa').waitFor();
    const quotedTotal = (await summary(t.page).getByTestId('summary-total').textContent()) ?? '';
    await t.page.getByRole('button', { name: 'Subscribe and pay' }).click();

    await t.page.getByRole('heading', { name: 'Thank you, you are subscribed!' }).waitFor();
    expect(new URL(t.page.url()).pathname).toBe('/subscription/success/');
    await t.page.getByText('Professional · Yearly (2 months free)').waitFor();
    await t.page.getByText('VISA ending in 4242').waitFor();
    await t.page.getByText(quotedTotal, { exact: true }).waitFor();
    await t.page.getByText('Next renewal').waitFor();
    // ST-1: the account is read again, so the trial banner goes without a reload.
    await t.page.locator('[data-banner]').waitFor({ state: 'detached' });

    const after = await apiGet<SubscriptionBody>(t.page, t.apiUrl, '/subscriptions');
    expect(after).toMatchObject({ status: 'active', plan: 'professional', interval: 'year' });
  });
});
