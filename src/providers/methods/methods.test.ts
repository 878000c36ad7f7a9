import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DataProvider } from 'ra-core';
import { httpClient } from '../httpClient';
import { withPopupMethods } from './popup';
import { withReportsMethods } from './reports';
import { withScannerMethods } from './scanner';
import { withTcfMethods } from './tcf';

vi.mock('../httpClient', () => ({
  httpClient: vi.fn(async () => ({ status: 200, headers: new Headers({ 'x-total-count': '42' }), body: 'text', json: [] })),
}));

const base = {} as DataProvider;
const calls = () =>
  vi.mocked(httpClient).mock.calls.map(([url, options]) => ({ url, method: options?.method ?? 'GET', body: options?.body, key: options?.defaultErrorKey }));

beforeEach(() => vi.mocked(httpClient).mockClear());

describe("the dataProvider's custom methods", () => {
  it('[ROUTE-13] [BEYOND-2] [PROMISE-4] pop-up: the paths of docs/api.md, the body sent and the notice of each call', async () => {
    const provider = withPopupMethods(base);
    await provider.choosePopupTemplate('a/b', 'custom', 4);
    await provider.getPopupPreviewContent(1, 'pt-BR');
    await provider.getPopupPreviewContent(1);
    await provider.publishPopup(1, true);
    await provider.getPublishStatus(1);
    await provider.diffTemplateVersions(4, 1, 3);
    await provider.restoreTemplateVersion(4, 2);
    expect(calls()).toEqual([
      { url: '/consent-solutions/a%2Fb/popup', method: 'PUT', body: '{"mode":"custom","templateId":4}', key: 'popup.notifications.choose_error' },
      { url: '/consent-solutions/1/popup/content?language=pt-BR', method: 'GET', body: undefined, key: 'popup.notifications.load_error' },
      { url: '/consent-solutions/1/popup/content', method: 'GET', body: undefined, key: 'popup.notifications.load_error' },
      { url: '/consent-solutions/1/publish', method: 'POST', body: '{"needsReconsent":true}', key: 'popup.notifications.publish_error' },
      { url: '/consent-solutions/1/publish-status', method: 'GET', body: undefined, key: 'popup.notifications.load_error' },
      { url: '/popup-templates/4/diff?from=1&to=3', method: 'GET', body: undefined, key: 'popup.notifications.load_error' },
      { url: '/popup-templates/4/versions/2/restore', method: 'POST', body: undefined, key: 'popup.notifications.restore_error' },
    ]);
  });

  it('[BEYOND-3] [BEYOND-9] reports: the embed URL first, then the report it names; a record export is its text', async () => {
    vi.mocked(httpClient).mockResolvedValueOnce({ status: 200, headers: new Headers(), body: '', json: { url: '/reports/compliance' } });
    const provider = withReportsMethods(base);
    await provider.getComplianceReport({ consentSolutionId: 2, from: '2026-01-01', to: '2026-01-31' });
    expect(await provider.exportConsentRecord('id 1')).toBe('text');
    expect(calls().map((c) => c.url)).toEqual([
      '/reports/embed',
      '/reports/compliance?from=2026-01-01&to=2026-01-31&consentSolutionId=2',
      '/consent-records/id%201/export',
    ]);
  });

  it('[BEYOND-4] scanner: accept sends the chosen category only when there is one', async () => {
    const provider = withScannerMethods(base);
    await provider.acceptFindings(1, [5, 6]);
    await provider.acceptFindings(1, [5], 'marketing');
    expect(calls().map((c) => c.body)).toEqual(['{"ids":[5,6]}', '{"ids":[5],"category":"marketing"}']);
  });

  it('[TCF-4] TCF: a vendor search reads the total from X-Total-Count; chosen vendors are fetched 100 ids a call', async () => {
    const provider = withTcfMethods(base);
    expect((await provider.searchVendors(' goo ', 2, 10)).total).toBe(42);
    await provider.getVendorsByIds(Array.from({ length: 150 }, (_, index) => index + 1));
    const [search, first, second] = calls().map((c) => new URL(c.url, 'http://api.test'));
    expect(search?.searchParams.get('q')).toBe('goo');
    expect(search?.searchParams.get('_page')).toBe('2');
    expect(first?.searchParams.getAll('id')).toHaveLength(100);
    expect(second?.searchParams.getAll('id')).toHaveLength(50);
  });
});
