import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import DeleteIcon from '@mui/icons-material/Delete';
import { useDelete, useNotify, useRedirect, useTranslate } from 'react-admin';
import { serverMessages } from '../domains/serverMessages';
import { LIST_PATH } from '../../shared/consentSolutionPaths';
import { deleteConfirmationMatches, type ConsentSolution } from '../consentSolutionModel';

/**
 * ROUTE-14: deleting a solution takes its pop-up off every site, so the dialog names it and
 * the user types the name to confirm. A refusal (e.g. the solution still has active domains)
 * keeps the dialog open with the server's reason.
 */
export const DeleteConsentSolutionButton = ({ solution }: { solution: ConsentSolution }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [refusal, setRefusal] = useState<string[]>([]);
  const [deleteOne, { isPending }] = useDelete<ConsentSolution>();

  const close = () => {
    setOpen(false);
    setTyped('');
    setRefusal([]);
  };

  const confirm = () =>
    deleteOne(
      'consent-solutions',
      { id: solution.id, previousData: solution },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          close();
          notify('cs.settings.deleted', { type: 'success', messageArgs: { name: solution.name } });
          redirect(LIST_PATH);
        },
        onError: (error) => {
          notify('cs.settings.delete_failed', { type: 'error' });
          setRefusal(serverMessages(error, translate));
        },
      },
    );

  const matches = deleteConfirmationMatches(typed, solution.name);
  return (
    <>
      <Button variant="outlined" color="error" startIcon={<DeleteIcon />} onClick={() => setOpen(true)}>
        {translate('cs.settings.delete')}
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
        <DialogTitle id={titleId}>{translate('cs.settings.delete_confirm_title', { name: solution.name })}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{translate('cs.settings.delete_confirm_content', { name: solution.name })}</DialogContentText>
          {refusal.length > 0 ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {refusal.map((message) => (
                <div key={message}>{message}</div>
              ))}
            </Alert>
          ) : null}
          <TextField
            autoFocus
            fullWidth
            label={translate('cs.settings.delete_type_name', { name: solution.name })}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoComplete="off"
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{translate('ra.action.cancel')}</Button>
          <Button color="error" variant="contained" onClick={confirm} disabled={!matches || isPending}>
            {translate('cs.settings.delete_confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
};
