import BarChartIcon from '@mui/icons-material/BarChart';
import GroupIcon from '@mui/icons-material/Group';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import PhoneIphoneIcon from '@mui/icons-material/PhoneIphone';
import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import Box from '@mui/material/Box';
import { Menu, useCanAccess, useSidebarState, useTranslate, type MenuProps } from 'react-admin';
import { useAccount } from '../hooks/useAccount';
import { PAID_STATUSES } from '../subscription/paidStatuses';
import { ConsentPreferencesLink } from './ConsentBanner';
import { preloadConsentSolutionList } from '../consent-solutions';

/** ROUTE-21: the navigation. Labels are translation keys, translated by Menu.Item. */
const menuItems = [
  { to: '/consent-solutions', label: 'nav.consent_solutions', Icon: VerifiedUserIcon, preload: preloadConsentSolutionList },
  { to: '/mobile-consent-solutions/', label: 'nav.mobile_consent_solutions', Icon: PhoneIphoneIcon },
  { to: '/compliance-dashboard/', label: 'nav.compliance_dashboard', Icon: BarChartIcon },
  { to: '/teammates/', label: 'nav.teammates', Icon: GroupIcon },
] as const;

// react-admin cuts a long entry with an ellipsis ("Mobile Consent Soluti…"), and in French both
// entries then read "Solutions de consent…": an open drawer lets an entry take a second line
// instead. A closed drawer shows the icons only, where a wrapped label would stretch the entry.
const WRAPPED_LABEL = { '& .MuiTypography-noWrap': { whiteSpace: 'normal', overflow: 'visible' } } as const;

/**
 * PAY-1: "Billing" for a paying account, to a role that manages its subscription (the owner, or
 * an agency or admin acting on it); read-only users and an agency's clients get none.
 */
const BillingItem = () => {
  const { canAccess } = useCanAccess({ resource: 'subscription', action: 'edit' });
  const { data: account } = useAccount();
  if (!canAccess || !PAID_STATUSES.has(String(account?.subscription?.status ?? ''))) return null;
  return <Menu.Item to="/subscription/" primaryText="nav.billing" leftIcon={<ReceiptLongIcon />} />;
};

export const ShellMenu = (props: MenuProps) => {
  const translate = useTranslate();
  const [open] = useSidebarState();
  return (
    <Box component="nav" aria-label={translate('nav.main')}>
      <Menu {...props}>
        {menuItems.map((item) => {
          const { to, label, Icon } = item;
          // The page's chunk starts loading on hover or focus, before the click.
          const preload = 'preload' in item ? () => void item.preload().catch(() => undefined) : undefined;
          return (
            <Menu.Item
              key={to}
              to={to}
              primaryText={label}
              leftIcon={<Icon />}
              sx={open ? WRAPPED_LABEL : undefined}
              onPointerEnter={preload}
              onFocus={preload}
            />
          );
        })}
        <BillingItem />
      </Menu>
      <ConsentPreferencesLink />
    </Box>
  );
};
