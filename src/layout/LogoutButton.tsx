import Button from '@mui/material/Button';
import LogoutIcon from '@mui/icons-material/Logout';
import { useLogout, useTranslate } from 'react-admin';
import { PhoneHiddenLabel, phoneIconOnly } from './PhoneHiddenLabel';

/** ROUTE-21: a visible log-out button in the app bar rather than one hidden in a user menu. */
export const LogoutButton = () => {
  const translate = useTranslate();
  const logout = useLogout();
  return (
    <Button color="inherit" startIcon={<LogoutIcon />} onClick={() => logout()} sx={phoneIconOnly}>
      <PhoneHiddenLabel>{translate('shell.logout')}</PhoneHiddenLabel>
    </Button>
  );
};
