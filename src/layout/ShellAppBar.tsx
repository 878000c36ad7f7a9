import Box from '@mui/material/Box';
import { AppBar, AppBarClasses, LoadingIndicator, TitlePortal, useTranslate, type AppBarProps } from 'react-admin';
import { AccountSwitcher } from './AccountSwitcher';
import { LanguageMenuButton } from './LanguageMenuButton';
import { LogoutButton } from './LogoutButton';

// The language switcher lists the i18nProvider's locales (en, fr), named in their own language.
const ShellToolbar = () => {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 0, sm: 1 }, flexShrink: 0 }}>
      <AccountSwitcher />
      <LanguageMenuButton />
      {/* react-admin hands extra props to the spinner it shows while queries run: a progress bar needs a name (axe: aria-progressbar-name). */}
      <LoadingIndicator aria-label={translate('ra.page.loading')} />
      <LogoutButton />
    </Box>
  );
};

/** react-admin's AppBar defaults to the secondary (gold) colour; the brand wants dark blue. */
export const ShellAppBar = (props: AppBarProps) => (
  <AppBar {...props} color="primary" userMenu={false} toolbar={<ShellToolbar />}>
    {/* Where pages put their title: a paragraph, not react-admin's h6, since every page has its own
        h1 and a page without a title would leave an empty heading (axe: empty-heading). */}
    <TitlePortal component="p" className={AppBarClasses.title} />
  </AppBar>
);
