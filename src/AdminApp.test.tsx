import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { AdminApp } from './AdminApp';

vi.mock('./session/sessionState', async (importOriginal) => {
  const session = { account_id: 1 };
  return { ...(await importOriginal<object>()), getSession: () => session, subscribe: () => () => undefined };
});
vi.mock('./notifications/notify', () => ({ notify: vi.fn() }));
vi.mock('./providers/authProvider', () => ({
  authProvider: {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => [],
  },
}));
vi.mock('./providers/dataProvider', async () => {
  const { testDataProvider } = await import('./test/testShell');
  return {
    dataProvider: testDataProvider({
      getList: async () => ({ data: [{ id: 1 }], total: 1 }),
      getAccount: async () => ({ id: 1, name: 'Acme', subscription: { status: 'active' } }),
    }),
  };
});
vi.mock('./providers/i18nProvider', async () => {
  const { testI18nProvider } = await import('./test/testShell');
  return { i18nProvider: testI18nProvider(), adminTextsReady: Promise.resolve() };
});

// The first visit also loads the lazy page chunks, which takes longer than findBy's default second.
const visit = (path: string) => {
  window.history.pushState({}, '', path);
  render(<AdminApp />);
};

describe('AdminApp routes', () => {
  beforeEach(() => window.history.pushState({}, '', '/'));

  it('[ROUTE-7] /free-plan/ redirects to / and on (ROUTE-4) to the consent solutions', async () => {
    visit('/free-plan/');
    await waitFor(() => expect(window.location.pathname).toBe('/consent-solutions'), { timeout: 5000 });
  });

  it('[PROD-3] Mobile Consent Solutions opens the view under development', async () => {
    visit('/mobile-consent-solutions/');
    expect(await screen.findByRole('heading', { name: 'View under development' }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('[ROUTE-22] an unknown authorised path shows Not Found', async () => {
    visit('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Not Found' })).toBeInTheDocument();
  });

  it("[PERF-1] adds no global styles of its own: the entry's CssBaseline is the page's only one", async () => {
    visit('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Not Found' })).toBeInTheDocument();
    const baselines = [...document.querySelectorAll('style')].filter((style) => style.textContent?.includes('-webkit-font-smoothing'));
    expect(baselines).toHaveLength(0);
  });
});
