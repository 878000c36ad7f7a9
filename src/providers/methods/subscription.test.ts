// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { env } from '../../config/env';
import { httpClient } from '../httpClient';
import * as sessionState from '../../session/sessionState';
import { dataProvider } from '../dataProvider';

const { getSubscription, quoteSubscription, subscribe, cancelSubscription } = dataProvider;

vi.mock('../../notifications/toaster', () => ({ showToast: vi.fn(async () => 'key'), closeToast: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();
const ok = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => ok({ status: 'active' }));
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('subscription API calls', () => {
  it('[ST-4] /subscriptions answers never reload the user', async () => {
    const reload = vi.spyOn(sessionState, 'reloadSession');
    await getSubscription();
    await quoteSubscription({ plan: 'essential', interval: 'month' });
    await subscribe({ plan: 'essential', interval: 'month', domainsCount: 1 });
    await cancelSubscription();
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(reload).not.toHaveBeenCalled();
    // Control: any other path does reload, so the spy sees the calls it should.
    await httpClient(`${env.apiUrl}/accounts/1`);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('[PROD-2] each call uses its endpoint and method', async () => {
    await getSubscription();
    await quoteSubscription({ plan: 'professional', interval: 'year', country: 'FR' });
    await subscribe({ plan: 'essential', interval: 'month', domainsCount: 2 });
    await cancelSubscription();
    const calls = fetchMock.mock.calls.map(([url, init]) => [url, init?.method ?? 'GET', init?.body]);
    expect(calls).toEqual([
      [`${env.apiUrl}/subscriptions`, 'GET', undefined],
      [`${env.apiUrl}/subscriptions/quote`, 'POST', JSON.stringify({ plan: 'professional', interval: 'year', country: 'FR' })],
      [`${env.apiUrl}/subscriptions`, 'POST', JSON.stringify({ plan: 'essential', interval: 'month', domainsCount: 2 })],
      [`${env.apiUrl}/subscriptions`, 'DELETE', undefined],
    ]);
  });
});
