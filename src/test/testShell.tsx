import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { render } from '@testing-library/react';
import { AdminContext, type DataProvider, type I18nProvider } from 'react-admin';
import { rolesAuthProvider } from './rolesAuthProvider';
import { shellEn } from '../i18n/shell.en';
import { theme } from '../theme/theme';
import { createQueryClient } from '../query/queryClient';

type Messages = { [key: string]: string | Messages };

const lookup = (messages: Messages, key: string): string | undefined => {
  let node: string | Messages | undefined = messages;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
};

/** A minimal i18nProvider over a catalogue, so tests assert on the real English texts. */
export const testI18nProvider = (messages: Messages = shellEn): I18nProvider => ({
  translate: (key, options) => lookup(messages, key) ?? (typeof options?._ === 'string' ? options._ : key),
  changeLocale: async () => undefined,
  getLocale: () => 'en',
});

const reject = () => Promise.reject(new Error('not used in this test'));

/** A dataProvider whose every method fails unless the test overrides it. */
export const testDataProvider = (overrides: Record<string, unknown> = {}): DataProvider =>
  ({
    getList: reject,
    getOne: reject,
    getMany: reject,
    getManyReference: reject,
    create: reject,
    update: reject,
    updateMany: reject,
    delete: reject,
    deleteMany: reject,
    ...overrides,
  }) as DataProvider;

/** Shows the current path, so a test can see where a redirect went. */
const LocationProbe = () => {
  const location = useLocation();
  return <output aria-label="location">{location.pathname}</output>;
};

interface RenderShellOptions {
  dataProvider?: DataProvider;
  /** Roles for the permission checks (canAccess over the shared matrix); none = every check passes. */
  roles?: string[];
  path?: string;
}

/** Renders inside react-admin's contexts (i18n, data, query client, theme) and a memory router. */
export const renderShell = (ui: ReactElement, { dataProvider = testDataProvider(), path = '/', roles }: RenderShellOptions = {}) => {
  const queryClient = createQueryClient();
  const i18nProvider = testI18nProvider();
  // A wrapper (not a wrapped element) so `rerender` keeps the contexts and the cache.
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[path]}>
      <AdminContext
        dataProvider={dataProvider}
        authProvider={roles && rolesAuthProvider(roles)}
        i18nProvider={i18nProvider}
        theme={theme}
        queryClient={queryClient}
      >
        <Routes>
          <Route path="*" element={children} />
        </Routes>
        <LocationProbe />
      </AdminContext>
    </MemoryRouter>
  );
  return render(ui, { wrapper: Wrapper });
};
