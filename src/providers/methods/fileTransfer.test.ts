// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { env } from '../../config/env';
import { dataProvider } from '../dataProvider';

vi.mock('../../notifications/toaster', () => ({ showToast: vi.fn(async () => 'key'), closeToast: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();
const answer = (status: number, body: unknown, type = 'application/json') =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'Content-Type': type } });
const rowViolation = { propertyPath: 'rows.2.category', message: 'Unknown category.', payload: { messageKey: 'validation.cookie_category_invalid' } };

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const calls = () => fetchMock.mock.calls.map(([url, init]) => [url, init?.method ?? 'GET', new Headers(init?.headers).get('Accept')]);

describe('cookie and translation file methods', () => {
  it('[ENT-7] [BEYOND-5] each export asks its endpoint for its format and names the file', async () => {
    fetchMock.mockImplementation(async () => answer(200, 'name,domain\n', 'text/csv'));
    expect(await dataProvider.exportCookies(7)).toEqual({ text: 'name,domain\n', filename: 'cookies-7.csv', type: 'text/csv' });
    expect(await dataProvider.exportTranslations(7, 'json')).toMatchObject({ filename: 'translations-7.json', type: 'application/json' });
    expect(calls()).toEqual([
      [`${env.apiUrl}/consent-solutions/7/cookies/export`, 'GET', 'text/csv'],
      [`${env.apiUrl}/consent-solutions/7/translations/export?format=json`, 'GET', 'application/json'],
    ]);
  });

  it('[ENT-7] a dry run previews; a refused file answers its row violations instead of throwing', async () => {
    fetchMock.mockImplementationOnce(async () => answer(200, { dryRun: true, created: 1, updated: 0, unchanged: 0, changes: [] }));
    fetchMock.mockImplementationOnce(async () => answer(422, { violations: [rowViolation] }));
    expect(await dataProvider.importCookies(7, 'csv', true)).toMatchObject({ ok: true, result: { dryRun: true, created: 1 } });
    expect(await dataProvider.importCookies(7, 'csv', false)).toEqual({ ok: false, violations: [rowViolation] });
    expect(fetchMock.mock.calls.map(([url, init]) => [url, init?.method, init?.body])).toEqual([
      [`${env.apiUrl}/consent-solutions/7/cookies/import?dryRun=true`, 'POST', 'csv'],
      [`${env.apiUrl}/consent-solutions/7/cookies/import`, 'POST', 'csv'],
    ]);
  });

  it('[ERR-1] an import failing without violations still throws', async () => {
    fetchMock.mockImplementation(async () => answer(500, ''));
    await expect(dataProvider.importTranslations(7, '{}', 'application/json', true)).rejects.toMatchObject({ status: 500 });
  });

  it('[ROUTE-17] a group is saved with PUT on its language and group', async () => {
    fetchMock.mockImplementation(async () => answer(200, { language: 'fr', texts: {}, updatedAt: null }));
    await dataProvider.saveTranslationGroup(7, 'fr', 'popup', { bannerHeading: 'Cookies' });
    await dataProvider.getTranslations(7, 'fr');
    await dataProvider.getTranslationCompleteness(7);
    expect(fetchMock.mock.calls.map(([url, init]) => [url, init?.method ?? 'GET', init?.body])).toEqual([
      [`${env.apiUrl}/consent-solutions/7/translations/fr/popup`, 'PUT', JSON.stringify({ bannerHeading: 'Cookies' })],
      [`${env.apiUrl}/consent-solutions/7/translations/fr`, 'GET', undefined],
      [`${env.apiUrl}/consent-solutions/7/translations/completeness`, 'GET', undefined],
    ]);
  });
});
