import Box from '@mui/material/Box';
import { AppBar, LoadingIndicator, LocalesMenuButton, type AppBarProps } from 'react-admin';
import { AccountSwitcher } from './AccountSwitcher';
import { LogoutButton } from './LogoutButton';

// The language switcher lists the i18nProvider's locales (en, fr), named in their own language.
const ShellToolbar = () => (
  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
    <AccountSwitcher />
    <LocalesMenuButton />
    <LoadingIndicator />
    <LogoutButton />
  </Box>
);

/** react-admin's AppBar defaults to the secondary (gold) colour; the brand wants dark blue. */
export const ShellAppBar = (props: AppBarProps) => (
  <AppBar {...props} color="primary" userMenu={false} toolbar={<ShellToolbar />} />
);
