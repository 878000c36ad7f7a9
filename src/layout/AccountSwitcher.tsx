import { useState, useSyncExternalStore } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import AddIcon from '@mui/icons-material/Add';
import { useQueryClient } from '@tanstack/react-query';
import { useCreate, useGetList, useNotify, useTranslate } from 'react-admin';
import { can } from '../shared/permissions';
import { getActingAccount, setActingAccount, subscribeActingAccount } from '../session/actingAccount';
import { getSession, subscribe } from '../session/sessionState';
import { PhoneHiddenLabel, phoneIconOnly } from './PhoneHiddenLabel';

interface AccountRow {
  id: number;
  name: string;
}

const OWN = 'own';

/** ROLE-1 operations: admins create accounts from the switcher. */
const CreateAccountButton = ({ onCreated }: { onCreated: (account: AccountRow) => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [create, { isPending }] = useCreate<AccountRow>();
  const submit = () =>
    create(
      'accounts',
      { data: { name } },
      {
        onSuccess: (account) => {
          notify('operations.account_created', { type: 'success', messageArgs: { name: account.name } });
          setOpen(false);
          setName('');
          onCreated(account);
        },
      },
    );
  return (
    <>
      <Button color="inherit" startIcon={<AddIcon />} onClick={() => setOpen(true)} sx={phoneIconOnly}>
        <PhoneHiddenLabel>{translate('operations.create_account')}</PhoneHiddenLabel>
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="create-account-title">
        <DialogTitle id="create-account-title">{translate('operations.create_account_title')}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            margin="dense"
            label={translate('operations.account_name')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            fullWidth
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('operations.cancel')}</Button>
          <Button variant="contained" onClick={submit} disabled={isPending}>
            {translate('operations.create')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
};

/**
 * ROLE-1: the account switcher of ROLE_ADMIN and ROLE_AGENCY. The chosen account is kept in
 * sessionStorage and sent as `X-Account-Id` with every API call; switching drops every cached
 * query so each screen reloads for that account.
 */
export const AccountSwitcher = () => {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const session = useSyncExternalStore(subscribe, getSession);
  const acting = useSyncExternalStore(subscribeActingAccount, getActingAccount);
  const roles = session?.roles ?? [];
  const allowed = can(roles, 'account.switch', 'other');
  const { data = [] } = useGetList<AccountRow>(
    'accounts',
    { pagination: { page: 1, perPage: 500 }, sort: { field: 'name', order: 'ASC' } },
    { enabled: allowed },
  );
  if (!allowed || session === null) return null;

  const switchTo = (account: AccountRow | null) => {
    setActingAccount(account === null || account.id === session.account_id ? null : { id: account.id, name: account.name });
    // Every cached answer belonged to the previous account: drop them all; the screens on
    // display fetch again (for the new account).
    void queryClient.resetQueries();
  };
  const value = acting === null ? OWN : String(acting.id);
  // The acting account stays selectable even before the list has loaded.
  const options = acting !== null && !data.some((a) => a.id === acting.id) ? [...data, acting] : data;

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 0, sm: 1 }, minWidth: 0 }}>
      {/* Filled, so its label sits inside the field: an outlined field's label floats above it,
          and the 48 px app bar cut "Acting on account" at its top edge. */}
      <TextField
        select
        size="small"
        variant="filled"
        label={translate('operations.acting_on')}
        value={value}
        onChange={(event) => {
          const id = event.target.value;
          switchTo(id === OWN ? null : (options.find((a) => String(a.id) === id) ?? null));
        }}
        sx={{ width: { xs: 140, sm: 220 }, bgcolor: 'background.paper', borderRadius: 1 }}
        slotProps={{ select: { inputProps: { 'data-testid': 'account-switcher' } } }}
      >
        <MenuItem value={OWN}>{translate('operations.own_account')}</MenuItem>
        {options
          .filter((account) => account.id !== session.account_id)
          .map((account) => (
            <MenuItem key={account.id} value={String(account.id)}>
              {account.name}
            </MenuItem>
          ))}
      </TextField>
      {can(roles, 'accounts.create') ? <CreateAccountButton onCreated={(account) => switchTo(account)} /> : null}
    </Box>
  );
};
