import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslate } from 'react-admin';
import type { Scan } from '../../schemas/scanner';

interface CancelScanButtonProps {
  scan: Scan;
  pending: boolean;
  onConfirm: () => void;
}

/** SCAN-7: cancel a waiting or running scan, after saying what happens to it. */
export const CancelScanButton = ({ scan, pending, onConfirm }: CancelScanButtonProps) => {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const titleId = `cancel-scan-${scan.id}`;
  return (
    <>
      <Button size="small" color="warning" variant="outlined" disabled={pending} onClick={() => setOpen(true)}>
        {translate('scanner.cancel.action')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{translate('scanner.cancel.title', { domain: scan.canonicalDomain })}</DialogTitle>
        <DialogContent>{translate(scan.status === 'queued' ? 'scanner.cancel.body_queued' : 'scanner.cancel.body_running')}</DialogContent>
        <DialogActions>
          <Button autoFocus onClick={() => setOpen(false)}>
            {translate('scanner.cancel.keep')}
          </Button>
          <Button
            color="warning"
            variant="contained"
            onClick={() => {
              setOpen(false);
              onConfirm();
            }}
          >
            {translate('scanner.cancel.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
};
