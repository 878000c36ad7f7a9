import Box from '@mui/material/Box';
import { AppBar, LoadingIndicator, LocalesMenuButton, useTranslate, type AppBarProps } from 'react-admin';
import { LogoutButton } from './LogoutButton';

const ShellToolbar = () => {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <LocalesMenuButton
        languages={[
          { locale: 'en', name: translate('shell.languages.en') },
          { locale: 'fr', name: translate('shell.languages.fr') },
        ]}
      />
      <LoadingIndicator />
      <LogoutButton />
    </Box>
  );
};

/** react-admin's AppBar defaults to the secondary (gold) colour; the brand wants dark blue. */
export const ShellAppBar = (props: AppBarProps) => (
  <AppBar {...props} color="primary" userMenu={false} toolbar={<ShellToolbar />} />
);
