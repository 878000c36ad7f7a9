import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { AdminContext, Notification, TestMemoryRouter, memoryStore, type DataProvider } from 'react-admin';
import { appI18next } from '../i18n/i18nextInstance';
import { PLATFORM_NS } from '../i18n/languages';
import { resourcesEn } from '../i18n/resources.en';
import { adminTextsReady, i18nProvider } from '../providers/i18nProvider';
import { rolesAuthProvider } from './rolesAuthProvider';

/** The CONST-3 sample table, as a test's fake `getPricing` answers it. */
export const samplePriceTable = {
  version: 'v2',
  currency: 'EUR',
  monthlyCentsPerPublicDomainByDepth: { 500: 900, 5000: 1900, 15000: 4900 },
  frequencyFactorsInBasisPoints: { monthly: 10_000, weekly: 15_000, daily: 25_000, no_scan: 5_000 },
  planFactorsInBasisPoints: { essential: 10_000, professional: 16_000 },
  monthsBilledPerYear: 10,
};

/**
 * Test-only: renders a screen inside react-admin with the app's real i18nProvider (plus this
 * folder's catalogue, which en.ts spreads in the app), a fake dataProvider and fixed roles,
 * at a given URL. Notifications render, so tests assert on the text users see.
 */
appI18next().addResourceBundle('en', PLATFORM_NS, resourcesEn, true, false);
// The admin's texts join i18next a task after the module runs, before the app's first render.
await adminTextsReady;

interface RenderInAdminOptions {
  /** A fake with only the methods the test needs (react-admin's generics make typed mocks unwieldy). */
  dataProvider: Record<string, unknown>;
  roles?: string[];
  url?: string;
  /** Called with every location, to assert where a screen navigates. */
  onLocation?: (location: { pathname: string }) => void;
  /** The app's own client (its cache times) where a test depends on them; else one that keeps nothing fresh. */
  queryClient?: QueryClient;
}

export const renderInAdmin = (
  ui: ReactElement,
  {
    dataProvider,
    roles = ['ROLE_USER'],
    url = '/',
    onLocation,
    queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } }),
  }: RenderInAdminOptions,
) => {
  const authProvider = rolesAuthProvider(roles);
  return render(
    <TestMemoryRouter initialEntries={[url]} locationCallback={onLocation}>
      <AdminContext
        // Only the methods a test needs; react-admin calls nothing else on these screens.
        dataProvider={dataProvider as unknown as DataProvider}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        queryClient={queryClient}
        store={memoryStore()}
      >
        {ui}
        <Notification />
      </AdminContext>
    </TestMemoryRouter>,
  );
};
