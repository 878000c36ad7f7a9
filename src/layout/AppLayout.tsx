import { Layout, type LayoutProps } from 'react-admin';
import { ErrorPage } from '../components/ErrorPage';
import { PendingProvider } from '../components/PendingIndicator';
import { useAccountTracking } from '../hooks/useAccountTracking';
import { useSupportLauncher } from '../custom-pages/subscription/useSupportLauncher';
import { ConsentBanner } from '../custom-pages/consent/ConsentBanner';
import { useIntegrations } from '../integrations/useIntegrations';
import { ShellAppBar } from './ShellAppBar';
import { ShellMenu } from './ShellMenu';
import { SubscriptionBanners } from './SubscriptionBanners';

/** The authorised screens' frame: dark-blue app bar, navigation, subscription banners. */
export const AppLayout = ({ children }: LayoutProps) => {
  useAccountTracking();
  useSupportLauncher();
  useIntegrations();
  return (
    <PendingProvider>
      <Layout appBar={ShellAppBar} menu={ShellMenu} error={ErrorPage}>
        <ConsentBanner />
        <SubscriptionBanners />
        {children}
      </Layout>
    </PendingProvider>
  );
};
