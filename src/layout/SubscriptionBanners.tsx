import { Link as RouterLink } from 'react-router-dom';
import Alert, { type AlertColor } from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useCanAccess, useTranslate } from 'react-admin';
import { useAccount } from '../hooks/useAccount';
import { BANNER_REFRESH_MS, bannerFor, serverNow, type Banner } from './bannerModel';

const severities: Record<Banner['kind'], AlertColor> = {
  trial: 'info',
  trial_expired: 'warning',
  inactive: 'error',
  waiting_for_payment: 'warning',
};

const useBannerText = (banner: Banner): string => {
  const translate = useTranslate();
  if (banner.kind === 'trial') {
    // The count leads the sentence in both languages, so it is prefixed rather than interpolated.
    return `${banner.daysLeft} ${translate(banner.daysLeft === 1 ? 'shell.banner.trial_day_left' : 'shell.banner.trial_days_left')}`;
  }
  return translate(`shell.banner.${banner.kind}`);
};

/** One subscription banner with its Subscribe button (ST-1, ROUTE-21). */
export const SubscriptionBanner = ({ banner }: { banner: Banner }) => {
  const translate = useTranslate();
  const text = useBannerText(banner);
  return (
    <Alert
      // A standing notice, not an interruption: announced politely.
      role="status"
      severity={severities[banner.kind]}
      data-banner={banner.kind}
      sx={{ borderRadius: 0, alignItems: 'center' }}
      action={
        <Button component={RouterLink} to="/subscription/" color="inherit" variant="outlined" size="small">
          {translate('shell.subscribe')}
        </Button>
      }
    >
      {text}
    </Alert>
  );
};

/**
 * ST-1: the banner of the account's subscription state, shown under the app bar; not to a role
 * that may not see the subscription (an agency's client: its agency pays, ROLE-1).
 */
export const SubscriptionBanners = () => {
  const { canAccess } = useCanAccess({ resource: 'subscription', action: 'list' });
  // The server counts the days; a tab left open reads them again now and then.
  const { data: account } = useAccount({ refetchInterval: canAccess ? BANNER_REFRESH_MS : false });
  const banner = canAccess ? bannerFor(account?.subscription, serverNow(account?.now)) : null;
  return banner ? <SubscriptionBanner banner={banner} /> : null;
};
