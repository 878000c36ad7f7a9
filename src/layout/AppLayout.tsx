import { useDeferredValue } from 'react';
import { LayoutClasses, type LayoutProps } from 'react-admin';
import { ErrorPage } from '../components/ErrorPage';
import { PendingProvider, PendingSuspense } from '../components/PendingIndicator';
import { useAccountTracking } from '../hooks/useAccountTracking';
import { useSupportLauncher } from '../subscription/useSupportLauncher';
import { ConsentBanner } from './ConsentBanner';
import { useIntegrations } from '../hooks/useIntegrations';
import { KeepBootFrame } from './AdminBoot';
import { ShellAppBar } from './ShellAppBar';
import { ShellLayout } from './ShellLayout';
import { ShellMenu } from './ShellMenu';
import { ShellSidebar } from './ShellSidebar';
import { SubscriptionBanners } from './SubscriptionBanners';

// ROUTE-23: react-admin's layout grows to its widest content (`min-width: fit-content`), so on
// a phone one wide table or tab bar made every page wider than the screen. The page keeps the
// screen's width; tables and tab bars scroll inside it.
const fitTheScreen = { minWidth: 0, [`& .${LayoutClasses.content}`]: { minWidth: 0 } };

/**
 * The authorised screens' frame: dark-blue app bar, navigation, subscription banners.
 * The page has its own Suspense boundary, so the cookie notice (the largest paint of a first
 * visit) does not wait for the page's chunk; it paints with the shell (docs/performance.md).
 */
export const AppLayout = ({ children }: LayoutProps) => {
  useAccountTracking();
  useSupportLauncher();
  useIntegrations();
  // The shell mounts when react-admin's session check resolves, a synchronous update (react-query):
  // the whole frame in one long task. Its first render keeps the loading frame and the shell
  // follows as a transition, which yields to the browser every few milliseconds (docs/performance.md).
  const mounted = useDeferredValue(true, false);
  if (!mounted) return <KeepBootFrame />;
  return (
    <PendingProvider>
      <ShellLayout appBar={ShellAppBar} sidebar={ShellSidebar} menu={ShellMenu} error={ErrorPage} sx={fitTheScreen}>
        <ConsentBanner />
        <SubscriptionBanners />
        <PendingSuspense>{children}</PendingSuspense>
      </ShellLayout>
    </PendingProvider>
  );
};
