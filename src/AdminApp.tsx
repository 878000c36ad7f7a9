import { useState, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Route } from 'react-router-dom';
import { AccessDenied, AdminContext, AuthCallback, AuthenticationError, CoreAdminUI, CustomRoutes, localStorageStore, Resource } from 'react-admin';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { adminTextsReady, i18nProvider } from './providers/i18nProvider';
import { AdminNotification } from './notifications/Toasts';
import { LoginPage } from './auth/LoginPage';
import { authRoutes } from './auth/authRoutes';
import { HomeRedirect } from './home/HomeRedirect';
import { ErrorPage } from './components/ErrorPage';
import { NotFound } from './components/NotFound';
import { PendingSuspense } from './components/PendingIndicator';
import { AdminLoading } from './layout/AdminLoading';
import { AppLayout } from './layout/AppLayout';
import { createQueryClient } from './query/queryClient';
import { seedSessionQueries } from './query/sessionQueries';
import { getSession } from './session/sessionState';
import { installIntegrations } from './integrations/installIntegrations';
import { lazyWithReload } from './shared/lazyWithReload';
import { themeOptions } from './theme/theme';
import { currentLanguage } from './i18n/i18n';
import { withLocaleDefault } from './i18n/withLocaleDefault';
import consentSolutions from './consent-solutions';
import { usePrefetchSolutionReads } from './consent-solutions/usePrefetchSolutionReads';
import cookies from './consent-solutions/cookie-management';
import domains from './consent-solutions/domains';
import auditLog from './audit-log';
import popupTemplates from './consent-solutions/popup';
import teammates from './teammates';
import translations from './consent-solutions/copy-and-translations';

// Every page is its own chunk (ST-6 guards a stale chunk after a deploy).
// Page modules use named exports, so each loader names its component.
const SubscriptionWizard = lazyWithReload(async () => ({
  default: (await import('./subscription/SubscriptionWizard')).SubscriptionWizard,
}));
// The consent solution's detail with all its tabs (see ConsentSolutionDetail).
const ConsentSolutionPage = lazyWithReload(async () => ({
  default: (await import('./consent-solutions/ConsentSolutionPage')).ConsentSolutionPage,
}));
/** The detail's route: its first reads start while its chunk loads (usePrefetchSolutionReads). */
const ConsentSolutionEdit = () => {
  usePrefetchSolutionReads();
  return <ConsentSolutionPage />;
};
const OnboardingPage = lazyWithReload(async () => ({ default: (await import('./onboarding/OnboardingPage')).OnboardingPage }));
const ComplianceDashboardPage = lazyWithReload(async () => ({
  default: (await import('./compliance-dashboard/ComplianceDashboardPage')).ComplianceDashboardPage,
}));
const ViewUnderDevelopment = lazyWithReload(async () => ({
  default: (await import('./home/ViewUnderDevelopment')).ViewUnderDevelopment,
}));

// PROD-6: the vendors' adapters replace the no-ops when the admin loads (never on the login route).
installIntegrations();

/** ST-7: a lazy page shows the delayed pending indicator while its chunk loads. */
const page = (element: ReactNode) => <PendingSuspense>{element}</PendingSuspense>;

// react-admin's <Admin> is AdminContext + AdminUI with defaults; its default
// i18nProvider (polyglot, about 8 kB gzip) would ship in the admin chunk although ours always
// replaces it. Its ThemeProvider runs createTheme on what it is given: the options, then, not
// the entry's built theme, which it would deep-merge again.
const store = withLocaleDefault(localStorageStore(), currentLanguage);

// react-admin's AdminUI is CoreAdminUI, its notification and its own CssBaseline: global styles
// that the entry has already inserted, built and inserted again inside the admin's first render
// (docs/performance.md). Its defaults are passed here.
export function AdminApp() {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    seedSessionQueries(client, getSession());
    return client;
  });
  return (
    <BrowserRouter>
      <AdminContext
        authProvider={authProvider}
        dataProvider={dataProvider}
        i18nProvider={i18nProvider}
        queryClient={queryClient}
        store={store}
        theme={themeOptions}
      >
        <CoreAdminUI
          disableTelemetry
          requireAuth
          layout={AppLayout}
          loading={AdminLoading}
          loginPage={LoginPage}
          dashboard={HomeRedirect}
          catchAll={NotFound}
          error={ErrorPage}
          accessDenied={AccessDenied}
          authCallbackPage={AuthCallback}
          authenticationError={AuthenticationError}
        >
          <Resource name="consent-solutions" {...consentSolutions} edit={ConsentSolutionEdit} />
          <Resource name="domains" {...domains} />
          {/* ROUTE-13: read and written inside a consent solution's pop-up tab. */}
          <Resource name="popup-templates" {...popupTemplates} />
          <Resource name="cookies" {...cookies} />
          <Resource name="translations" {...translations} />
          {/* ROUTE-8 */}
          <Resource name="teammates" {...teammates} />
          {/* BEYOND-7 */}
          <Resource name="audit-log" {...auditLog} />
          <CustomRoutes noLayout>{authRoutes}</CustomRoutes>
          <CustomRoutes>
            {/* ROUTE-7: the free plan has no page of its own. */}
            <Route path="/free-plan/*" element={<Navigate to="/" replace />} />
            {/* PROD-3, ROUTE-20 */}
            <Route path="/mobile-consent-solutions/*" element={page(<ViewUnderDevelopment />)} />
            {/* ROUTE-5, ROUTE-6, BEYOND-3, BEYOND-9 */}
            <Route path="/onboarding/*" element={page(<OnboardingPage />)} />
            <Route path="/compliance-dashboard/*" element={page(<ComplianceDashboardPage />)} />
            {/* PROD-2, ROUTE-9: overview, billing, payment, success. */}
            <Route path="/subscription/*" element={page(<SubscriptionWizard />)} />
          </CustomRoutes>
        </CoreAdminUI>
        <AdminNotification />
      </AdminContext>
    </BrowserRouter>
  );
}

export default AdminApp;

/** main.tsx renders the admin once this resolves: its texts in the visitor's language. */
export const adminReady: Promise<void> = adminTextsReady;
