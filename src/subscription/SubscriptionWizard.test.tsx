import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { Route, Routes } from 'react-router-dom';
import { AdminContext, HttpError, Notification, TestMemoryRouter, memoryStore, type AuthProvider, type DataProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setChatWidget, noopChatWidget, type ChatWidget } from '../integrations/chatWidget';
import { reloadSession } from '../session/sessionState';
import { adminTextsReady, i18nProvider } from '../providers/i18nProvider';
import { clearSessionCookie, sessionToken, setSessionCookie } from '../test/sessionCookie';
import type { SubscriptionPrice } from '../schemas/billing';
import type { QuoteRequest, Subscription } from '../schemas/subscription';
import { SubscriptionWizard } from './SubscriptionWizard';
import { useSupportLauncher } from './useSupportLauncher';
import { rolesAuthProvider } from '../test/rolesAuthProvider';

// As the app does before its first render (main.tsx).
await adminTextsReady;

/** Prices like the CONST-3 sample: 19 €/month per 5000-page weekly domain ×1.5, Professional ×1.6. */
const fakeQuote = async (request: QuoteRequest): Promise<SubscriptionPrice> => {
  const factor = request.plan === 'professional' ? 1.6 : 1;
  const lines = [
    {
      id: 1,
      canonicalDomain: 'demo-shop.com',
      type: 'website' as const,
      scanDepth: 5000 as const,
      scanFrequency: 7 as const,
      charged: true,
      monthlyCents: Math.round(2850 * factor),
      yearlyCents: Math.round(28500 * factor),
    },
    {
      id: 2,
      canonicalDomain: 'blog.demo-shop.com',
      type: 'website' as const,
      scanDepth: 500 as const,
      scanFrequency: 7 as const,
      charged: true,
      monthlyCents: Math.round(1350 * factor),
      yearlyCents: Math.round(13500 * factor),
    },
    {
      id: 3,
      canonicalDomain: 'staging.demo-shop.com',
      type: 'internal_alias' as const,
      scanDepth: 500 as const,
      scanFrequency: 7 as const,
      charged: false,
      monthlyCents: 0,
      yearlyCents: 0,
    },
  ];
  const monthlyTotalCents = lines.reduce((sum, l) => sum + l.monthlyCents, 0);
  const yearlyTotalCents = lines.reduce((sum, l) => sum + l.yearlyCents, 0);
  const netCents = request.interval === 'month' ? monthlyTotalCents : yearlyTotalCents;
  const coupon = request.coupon?.toUpperCase() === 'WELCOME20' ? { code: 'WELCOME20', percentOff: 20 } : null;
  if (request.coupon && !coupon) {
    throw new HttpError('app.error_already_notified', 400, { errors: { coupon: 'This coupon does not exist.' } });
  }
  const discountCents = coupon ? Math.round(netCents * 0.2) : 0;
  const vatRate = request.country === 'FR' ? 0.2 : 0;
  const vatCents = Math.round((netCents - discountCents) * vatRate);
  return {
    currency: 'EUR',
    priceTableVersion: 'v2',
    plan: request.plan,
    interval: request.interval,
    lines,
    publicDomainCount: 2,
    domainsCount: request.domainsCount ?? 2,
    monthlyTotalCents,
    yearlyTotalCents,
    netCents,
    coupon,
    discountCents,
    vatRate,
    vatCents,
    totalCents: netCents - discountCents + vatCents,
  };
};

const trial = async (): Promise<Subscription> => ({
  accountId: 1,
  status: 'trial',
  relationState: 'stripe_based_not_started',
  paymentMethod: 'stripe',
  subscriptionType: 'trial',
  plan: 'essential',
  interval: 'month',
  domainsCount: 2,
  startDate: '2026-01-01T00:00:00Z',
  trialEndsAt: '2026-01-15T00:00:00Z',
  trialDaysLeft: 9,
  billingCycleEnds: null,
  cancelAtPeriodEnd: false,
  paymentFailedAt: null,
  complianceDashboard: false,
  billing: null,
  card: null,
  couponCode: null,
  nextCharge: null,
  price: await fakeQuote({ plan: 'essential', interval: 'month', domainsCount: 2 }),
  locks: { dates: false, status: false, complianceDashboard: false, paymentMethod: false },
  payments: [],
  now: '2026-01-06T00:00:00Z',
});

const authProvider: AuthProvider = {
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => ['ROLE_USER'],
};

const renderWizard = (url: string, extra: Record<string, unknown> = {}, auth: AuthProvider = authProvider) => {
  const dataProvider = {
    getSubscription: vi.fn(trial),
    quoteSubscription: vi.fn(fakeQuote),
    subscribe: vi.fn(),
    ...extra,
  };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const locations: string[] = [];
  render(
    <TestMemoryRouter initialEntries={[url]} locationCallback={(location) => locations.push(location.pathname)}>
      <AdminContext
        // Only the subscription methods: the wizard calls nothing else.
        dataProvider={dataProvider as unknown as DataProvider}
        authProvider={auth}
        i18nProvider={i18nProvider}
        queryClient={queryClient}
        store={memoryStore()}
      >
        <Routes>
          <Route path="/subscription/*" element={<SubscriptionWizard />} />
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
        <Notification />
      </AdminContext>
    </TestMemoryRouter>,
  );
  return { dataProvider, queryClient, locations, currentPath: () => locations.at(-1) };
};

const summary = () => screen.getByRole('region', { name: 'Summary' });
const total = () => within(summary()).getByTestId('summary-total');

/** Overview → Billing by the Continue button (an in-app navigation). */
const toBilling = async () => {
  await userEvent.click(await screen.findByRole('button', { name: 'Continue to billing' }));
  await screen.findByRole('heading', { name: 'Billing details' });
};

const fillBilling = async () => {
  await userEvent.type(screen.getByLabelText(/Company name/), 'Demo Shop SAS');
  await userEvent.type(screen.getByLabelText(/Invoice email/), 'billing@demo-shop.com');
  await userEvent.type(screen.getByLabelText(/Address line 1/), '1 rue de la Paix');
  await userEvent.type(screen.getByLabelText(/Postal code/), '75002');
  await userEvent.type(screen.getByLabelText(/City/), 'Paris');
  await userEvent.type(screen.getByRole('combobox', { name: /Country/ }), 'Franc');
  await userEvent.click(await screen.findByRole('option', { name: 'France' }));
  await userEvent.type(screen.getByLabelText(/Phone number/), '123456789');
};

afterEach(() => {
  clearSessionCookie();
  reloadSession();
  setChatWidget(noopChatWidget);
});

// Whole-wizard journeys type a dozen fields through MUI inputs: slower than the default 5 s.
describe('subscription wizard', () => {
  it('[ROUTE-9] /subscription/ opens the overview step', async () => {
    const { currentPath } = renderWizard('/subscription/');
    expect(await screen.findByRole('heading', { name: 'Choose your plan' })).toBeInTheDocument();
    expect(currentPath()).toBe('/subscription/overview/');
    expect(screen.getByText('You are on a free trial: 9 days left.')).toBeInTheDocument();
  });

  it('[ROLE-1] an agency’s client gets the access-denied page and the subscription is never fetched', async () => {
    const { dataProvider } = renderWizard('/subscription/', {}, rolesAuthProvider(['ROLE_CLIENT']));
    expect(await screen.findByText('Access denied')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Choose your plan' })).not.toBeInTheDocument();
    expect(dataProvider.getSubscription).not.toHaveBeenCalled();
  });

  it('[ROUTE-9] billing redirects to overview when entered from outside', async () => {
    const { currentPath } = renderWizard('/subscription/billing/');
    expect(await screen.findByRole('heading', { name: 'Choose your plan' })).toBeInTheDocument();
    expect(currentPath()).toBe('/subscription/overview/');
    expect(screen.queryByRole('heading', { name: 'Billing details' })).not.toBeInTheDocument();
  });

  it('[ROUTE-9] billing opens when reached from inside the app', async () => {
    const { currentPath } = renderWizard('/subscription/overview/');
    await toBilling();
    expect(currentPath()).toBe('/subscription/billing/');
  });

  it('[BEYOND-6] summary shows a line per domain', async () => {
    renderWizard('/subscription/overview/');
    await waitFor(() => expect(within(summary()).getAllByTestId('summary-line')).toHaveLength(3));
    const rows = within(summary()).getAllByTestId('summary-line');
    expect(rows[0]).toHaveTextContent('demo-shop.com');
    expect(rows[0]).toHaveTextContent('€28.50');
    expect(rows[2]).toHaveTextContent('Test domain (alias)');
    expect(rows[2]).toHaveTextContent('Free');
  });

  it('[CONST-3] totals follow plan and interval', async () => {
    const { dataProvider } = renderWizard('/subscription/overview/');
    await waitFor(() => expect(total()).toHaveTextContent('€42.00'));
    await userEvent.click(within(summary()).getByRole('button', { name: 'Professional' }));
    await waitFor(() => expect(total()).toHaveTextContent('€67.20'));
    await userEvent.click(within(summary()).getByRole('button', { name: 'Yearly (2 months free)' }));
    await waitFor(() => expect(total()).toHaveTextContent('€672.00'));
    expect(within(summary()).getByText('Total per year')).toBeInTheDocument();
    expect(dataProvider.quoteSubscription).toHaveBeenLastCalledWith({ plan: 'professional', interval: 'year', domainsCount: 2 });
  });

  it('[CONST-3] VAT and coupon follow the billing country and coupon', async () => {
    renderWizard('/subscription/overview/');
    await toBilling();
    await userEvent.type(screen.getByRole('combobox', { name: /Country/ }), 'Franc');
    await userEvent.click(await screen.findByRole('option', { name: 'France' }));
    // The phone prefix defaults from the country.
    expect(screen.getByRole('combobox', { name: /Phone prefix/ })).toHaveValue('+33 France');
    await waitFor(() => expect(within(summary()).getByText('VAT (20 %)')).toBeInTheDocument());
    await waitFor(() => expect(total()).toHaveTextContent('€50.40'));
    await userEvent.type(screen.getByLabelText(/Coupon/), 'welcome20');
    await userEvent.tab();
    await waitFor(() => expect(total()).toHaveTextContent('€40.32'));
    expect(within(summary()).getByText('Coupon WELCOME20 (−20 %)')).toBeInTheDocument();
  }, 20_000);

  it('[VAL-3] billing fields are checked by the shared schema before moving on', async () => {
    const { currentPath } = renderWizard('/subscription/overview/');
    await toBilling();
    await userEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByText('Company name is required.')).toBeInTheDocument();
    expect(screen.getByText('Email is required.')).toBeInTheDocument();
    expect(screen.getByText('Country is required.')).toBeInTheDocument();
    expect(currentPath()).toBe('/subscription/billing/');
    await fillBilling();
    await userEvent.clear(screen.getByRole('combobox', { name: /Country/ }));
    await userEvent.type(screen.getByRole('combobox', { name: /Country/ }), 'Germ');
    await userEvent.click(await screen.findByRole('option', { name: 'Germany' }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByText('A VAT number is needed.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /Phone prefix/ })).toHaveValue('+49 Germany');
  }, 20_000);

  it('[VAL-1] card fields required', async () => {
    const { dataProvider } = renderWizard('/subscription/overview/');
    await toBilling();
    await fillBilling();
    await userEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await screen.findByRole('heading', { name: 'Payment' });
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe and pay' }));
    expect(await screen.findByText('Card number is required.')).toBeInTheDocument();
    expect(screen.getByText('Expiration date is required.')).toBeInTheDocument();
    expect(screen.getByText('CVC is required.')).toBeInTheDocument();
    expect(dataProvider.subscribe).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText(/Card number/), '4242424242424241');
    await userEvent.type(screen.getByLabelText(/Expiration date/), '0120');
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe and pay' }));
    expect(await screen.findByText('This card number is not valid.')).toBeInTheDocument();
    expect(screen.getByText('This expiration date is not valid or has passed.')).toBeInTheDocument();
  }, 20_000);

  it('[ENT-5] a declined card shows the error on the payment step', async () => {
    const subscribe = vi.fn(async () => {
      throw new HttpError('app.error_already_notified', 402, { errors: { 'payment.cardNumber': 'Your card was declined.' } });
    });
    const { currentPath } = renderWizard('/subscription/overview/', { subscribe });
    await toBilling();
    await fillBilling();
    await userEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await screen.findByRole('heading', { name: 'Payment' });
    await userEvent.type(screen.getByLabelText(/Card number/), '4000000000000002');
    await userEvent.type(screen.getByLabelText(/Expiration date/), '1239');
    await userEvent.type(screen.getByLabelText(/CVC/), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe and pay' }));
    expect(await screen.findByText('Your card was declined.')).toBeInTheDocument();
    expect(screen.getByTestId('payment-failure')).toHaveTextContent('Nothing was charged.');
    expect(currentPath()).toBe('/subscription/payment/');
  }, 20_000);

  it('[ST-1] [ST-4] a successful payment sends the card once, refreshes the account and shows the success page', async () => {
    setSessionCookie(sessionToken({ account_id: 1 }));
    reloadSession();
    const subscribe = vi.fn(async () => ({
      ...(await trial()),
      status: 'active' as const,
      plan: 'professional' as const,
      interval: 'year' as const,
      billingCycleEnds: '2027-01-06T00:00:00Z',
      card: { brand: 'visa', last4: '4242' },
      trialDaysLeft: null,
    }));
    const { queryClient, currentPath } = renderWizard('/subscription/overview/', { subscribe });
    queryClient.setQueryData(['account', 1], { id: 1, subscription: { status: 'trial' } });
    await toBilling();
    await fillBilling();
    await userEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await screen.findByRole('heading', { name: 'Payment' });
    const cardInput = screen.getByLabelText(/Card number/);
    await userEvent.type(cardInput, '4242424242424242');
    expect(cardInput).toHaveValue('4242 4242 4242 4242');
    expect(screen.getByTestId('card-brand')).toHaveTextContent('Visa');
    await userEvent.type(screen.getByLabelText(/Expiration date/), '1239');
    expect(screen.getByLabelText(/Expiration date/)).toHaveValue('12/39');
    await userEvent.type(screen.getByLabelText(/CVC/), '1234');
    expect(screen.getByLabelText(/CVC/)).toHaveValue('123');
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe and pay' }));
    expect(await screen.findByRole('heading', { name: 'Thank you, you are subscribed!' })).toBeInTheDocument();
    expect(currentPath()).toBe('/subscription/success/');
    expect(subscribe).toHaveBeenCalledTimes(1);
    expect(subscribe).toHaveBeenCalledWith(
      expect.objectContaining({
        payment: { cardNumber: '4242424242424242', expiry: '12/39', cvc: '123' },
        billing: expect.objectContaining({ country: 'FR', phonePrefix: '+33' }),
      }),
    );
    expect(screen.getByText('VISA ending in 4242')).toBeInTheDocument();
    // I18N-4: jsdom's reader is American (navigator.languages en-US).
    expect(screen.getByText('01/06/2027')).toBeInTheDocument();
    expect(queryClient.getQueryState(['account', 1])?.isInvalidated).toBe(true);
  }, 20_000);
});

describe('support launcher', () => {
  const Probe = () => {
    useSupportLauncher();
    return null;
  };

  it.each([
    ['free', true],
    ['stripe', false],
  ])('[ST-4] payment method %s hides the launcher: %s', async (paymentMethod, hidden) => {
    setSessionCookie(sessionToken({ account_id: 1 }));
    reloadSession();
    const hideLauncher = vi.fn();
    setChatWidget({ ...noopChatWidget, hideLauncher } satisfies ChatWidget);
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <AdminContext
        dataProvider={{ getAccount: async () => ({ id: 1, paymentMethod }) } as unknown as DataProvider}
        queryClient={queryClient}
        store={memoryStore()}
      >
        <Probe />
      </AdminContext>,
    );
    await waitFor(() => expect(hideLauncher).toHaveBeenCalledWith(hidden));
  });
});
