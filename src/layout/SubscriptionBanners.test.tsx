import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderShell, testDataProvider } from '../test/testShell';
import { SubscriptionBanner, SubscriptionBanners } from './SubscriptionBanners';

vi.mock('../session/sessionState', async (importOriginal) => {
  // useSyncExternalStore needs the same snapshot object on every read, like the real store.
  const session = { account_id: 5 };
  return { ...(await importOriginal<object>()), getSession: () => session, subscribe: () => () => undefined };
});

const DAY_MS = 24 * 60 * 60 * 1000;

describe('SubscriptionBanners', () => {
  it('[ST-1] trial banner shows days left', async () => {
    const user = userEvent.setup();
    const trialEndsAt = new Date(Date.now() + 12 * DAY_MS - 60_000).toISOString();
    const getAccount = vi
      .fn()
      .mockResolvedValue({ id: 5, name: 'Acme', now: new Date().toISOString(), subscription: { status: 'trial', trialEndsAt, trialDaysLeft: 12 } });
    renderShell(<SubscriptionBanners />, { dataProvider: testDataProvider({ getAccount }) });

    expect(await screen.findByText('12 days left in your trial')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Subscribe' }));
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('/subscription/');
  });

  it('[ST-1] counts the trial on the server’s clock, not the browser’s', async () => {
    // The server is 15 days ahead of this browser: for it, the 14-day trial is over.
    const serverNow = new Date(Date.now() + 15 * DAY_MS);
    const trialEndsAt = new Date(Date.now() + 14 * DAY_MS).toISOString();
    const getAccount = vi.fn().mockResolvedValue({ id: 5, name: 'Acme', now: serverNow.toISOString(), subscription: { status: 'trial', trialEndsAt } });
    renderShell(<SubscriptionBanners />, { dataProvider: testDataProvider({ getAccount }) });
    await waitFor(() => expect(document.querySelector('[data-banner]')).toHaveAttribute('data-banner', 'trial_expired'));
    expect(screen.queryByText(/days left/)).not.toBeInTheDocument();
  });

  it('[ST-1] banners for trial expired, inactive, waiting for payment', () => {
    const { unmount } = renderShell(
      <>
        <SubscriptionBanner banner={{ kind: 'trial', daysLeft: 1 }} />
        <SubscriptionBanner banner={{ kind: 'trial_expired' }} />
        <SubscriptionBanner banner={{ kind: 'inactive' }} />
        <SubscriptionBanner banner={{ kind: 'waiting_for_payment' }} />
      </>,
    );
    expect(screen.getByText('1 day left in your trial')).toBeInTheDocument();
    expect(screen.getByText(/Your trial has expired/)).toBeInTheDocument();
    expect(screen.getByText(/Your subscription is inactive/)).toBeInTheDocument();
    expect(screen.getByText('Your subscription is waiting for payment.')).toBeInTheDocument();
    const subscribeLinks = screen.getAllByRole('link', { name: 'Subscribe' });
    expect(subscribeLinks).toHaveLength(4);
    for (const link of subscribeLinks) expect(link).toHaveAttribute('href', '/subscription/');
    unmount();
  });

  it('[ROLE-1] no banner and no Subscribe button for an agency’s client, whatever the subscription', async () => {
    const getAccount = vi.fn().mockResolvedValue({ id: 5, name: 'Client Bakery', subscription: { status: 'inactive' } });
    renderShell(<SubscriptionBanners />, { dataProvider: testDataProvider({ getAccount }), roles: ['ROLE_CLIENT'] });
    await waitFor(() => expect(getAccount).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(/Your subscription is inactive/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Subscribe' })).not.toBeInTheDocument();
  });

  it('[ST-1] no banner for an active subscription', async () => {
    const getAccount = vi.fn().mockResolvedValue({ id: 5, name: 'Acme', subscription: { status: 'active' } });
    renderShell(<SubscriptionBanners />, { dataProvider: testDataProvider({ getAccount }) });
    await vi.waitFor(() => expect(getAccount).toHaveBeenCalled());
    expect(screen.queryByRole('link', { name: 'Subscribe' })).toBeNull();
  });
});
