// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { createAnalyticsTag } from './analyticsTag';
import { pushToDataLayer } from './dataLayer';

describe('data layer and analytics tag', () => {
  it('[ST-3] [API-7] events wait in window.dataLayer before any tag has loaded', () => {
    delete window.dataLayer;
    pushToDataLayer({ event: 'accountIdSet', accountId: 1 });
    pushToDataLayer({ event: 'pageView', path: '/teammates/' });
    expect(window.dataLayer).toEqual([
      { event: 'accountIdSet', accountId: 1 },
      { event: 'pageView', path: '/teammates/' },
    ]);
  });

  it('[PROD-6] the tag loads once on start and is removed on stop', async () => {
    const script = document.createElement('script');
    document.head.append(script);
    const load = vi.fn(() => Promise.resolve(script));
    const tag = createAnalyticsTag('https://tag.test/t.js?id=1', load);
    tag.start();
    tag.start();
    expect(load).toHaveBeenCalledTimes(1);
    tag.stop();
    await vi.waitFor(() => expect(script.isConnected).toBe(false));
  });
});
