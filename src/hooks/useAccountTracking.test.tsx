import { beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { renderShell, testDataProvider } from '../test/testShell';
import { ALREADY_NOTIFIED } from '../notifications/alreadyNotified';
import { useAccountTracking } from './useAccountTracking';

const session = vi.hoisted(() => ({ current: null as { account_id: number | null } | null }));

vi.mock('../session/sessionState', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  getSession: () => session.current,
  subscribe: () => () => undefined,
}));
vi.mock('../notifications/notify', () => ({ notify: vi.fn() }));

const { notify } = await import('../notifications/notify');

const Tracker = () => {
  useAccountTracking();
  return null;
};

const accountIdSetEvents = () => (window.dataLayer ?? []).filter((entry) => entry.event === 'accountIdSet');

describe('useAccountTracking', () => {
  beforeEach(() => {
    window.dataLayer = [];
    vi.mocked(notify).mockClear();
  });

  it('[ST-3] accountIdSet pushed once', async () => {
    session.current = { account_id: 42 };
    const getAccount = vi.fn().mockResolvedValue({ id: 42, name: 'Acme' });
    const { rerender } = renderShell(<Tracker />, { dataProvider: testDataProvider({ getAccount }) });
    await waitFor(() => expect(getAccount).toHaveBeenCalledWith(42));
    rerender(<Tracker />);
    expect(accountIdSetEvents()).toEqual([{ event: 'accountIdSet', accountId: 42 }]);
    expect(getAccount).toHaveBeenCalledTimes(1);
    expect(notify).not.toHaveBeenCalled();
  });

  it('[ST-3] no account call and no event without an account id', async () => {
    session.current = { account_id: null };
    const getAccount = vi.fn();
    renderShell(<Tracker />, { dataProvider: testDataProvider({ getAccount }) });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(getAccount).not.toHaveBeenCalled();
    expect(accountIdSetEvents()).toEqual([]);
  });

  it('[ST-3] a failed account load shows the account error notice once', async () => {
    session.current = { account_id: 7 };
    const getAccount = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    renderShell(<Tracker />, { dataProvider: testDataProvider({ getAccount }) });
    await waitFor(() => expect(notify).toHaveBeenCalledWith('auth.get_account_details_default_error', { type: 'error' }));
    expect(notify).toHaveBeenCalledTimes(1);
    // API-1: not retried.
    expect(getAccount).toHaveBeenCalledTimes(1);
  });

  it('[ST-3] an API failure already toasted by the client is not toasted again', async () => {
    session.current = { account_id: 8 };
    const getAccount = vi.fn().mockRejectedValue(new HttpError(ALREADY_NOTIFIED, 404));
    renderShell(<Tracker />, { dataProvider: testDataProvider({ getAccount }) });
    await waitFor(() => expect(getAccount).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(notify).not.toHaveBeenCalled();
  });
});
