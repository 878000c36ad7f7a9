import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { AdminContext, Notification, TestMemoryRouter, memoryStore, type AuthProvider, type DataProvider } from 'react-admin';
import { i18n, PLATFORM_NS } from '../../providers/i18n/i18n';
import { resourcesEn } from '../../providers/i18n/resources.en';
import { i18nProvider } from '../../providers/i18nProvider';

/**
 * Test-only: renders a screen inside react-admin with the app's real i18nProvider (plus this
 * folder's catalogue, which en.ts spreads in the app), a fake dataProvider and fixed roles,
 * at a given URL. Notifications render, so tests assert on the text users see.
 */
i18n.addResourceBundle('en', PLATFORM_NS, resourcesEn, true, false);

export interface RenderInAdminOptions {
  dataProvider: Partial<DataProvider> & Record<string, unknown>;
  roles?: string[];
  url?: string;
}

export const renderInAdmin = (ui: ReactElement, { dataProvider, roles = ['ROLE_USER'], url = '/' }: RenderInAdminOptions) => {
  const authProvider: AuthProvider = {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => roles,
  };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <TestMemoryRouter initialEntries={[url]}>
      <AdminContext
        // Only the methods a test needs; react-admin calls nothing else on these screens.
        dataProvider={dataProvider as DataProvider}
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
