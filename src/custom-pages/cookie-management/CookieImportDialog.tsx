import { useState, type ChangeEvent } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslate, type Identifier } from 'react-admin';
import { notify } from '../../providers/notify';
import { translateViolation } from '../../providers/notifyApiError';
import type { Violation } from '../../shared/violations';
import { importCookies, type CookieImportResult } from './cookiesApi';

const PREVIEW_LINES = 50;

/** Choose a CSV, see what it would change (dry run: new, changed, unchanged), then apply it. */
export const CookieImportDialog = ({ solutionId, open, onClose, onImported }: { solutionId: Identifier; open: boolean; onClose: () => void; onImported: () => void }) => {
  const translate = useTranslate();
  const [csv, setCsv] = useState<string | null>(null);
  const [preview, setPreview] = useState<CookieImportResult | null>(null);
  const [violations, setViolations] = useState<Violation[]>([]);
  const [busy, setBusy] = useState(false);

  const reset = () => {
    setCsv(null);
    setPreview(null);
    setViolations([]);
  };
  const close = () => {
    reset();
    onClose();
  };
  const run = async (content: string, dryRun: boolean) => {
    setBusy(true);
    try {
      const outcome = await importCookies(solutionId, content, dryRun);
      if (!outcome.ok) {
        setViolations(outcome.violations);
        notify('cookies.notifications.import_error', { type: 'error' });
      } else if (dryRun) setPreview(outcome.result);
      else {
        notify('cookies.notifications.imported', { type: 'success' });
        onImported();
        close();
      }
    } catch {
      notify('cookies.notifications.import_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    reset();
    const content = await file.text();
    setCsv(content);
    await run(content, true);
  };
  const changeLabel = (change: CookieImportResult['changes'][number]) =>
    change.action === 'create' ? translate('cookies.import.create') : translate('cookies.import.update', { fields: change.fields.map((f) => translate(`cookies.fields.${f}`)).join(', ') });

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="md" aria-labelledby="cookie-import-title">
      <DialogTitle id="cookie-import-title">{translate('cookies.import.title')}</DialogTitle>
      <DialogContent>
        <Button component="label" variant="outlined" disabled={busy} sx={{ mb: 2 }}>
          {translate('cookies.import.choose')}
          <input hidden type="file" accept=".csv,text/csv" data-testid="cookie-import-file" onChange={(event) => void choose(event)} />
        </Button>
        {violations.length > 0 && (
          <Table size="small" aria-label={translate('cookies.import.problem')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('cookies.import.place')}</TableCell>
                <TableCell>{translate('cookies.import.problem')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {violations.map((violation, index) => (
                <TableRow key={`${violation.propertyPath}-${index}`}>
                  <TableCell>{violation.propertyPath}</TableCell>
                  <TableCell>{translateViolation(violation, 'error.backend.default_error')}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {preview && (
          <>
            <Typography role="status" sx={{ mb: 1 }}>
              {preview.changes.length === 0
                ? `${translate('cookies.import.nothing')} ${translate('cookies.import.summary', preview)}`
                : translate('cookies.import.summary', preview)}
            </Typography>
            {preview.changes.length > 0 && (
              <Table size="small">
                <TableHead>
                  <TableRow>
                    <TableCell>{translate('cookies.import.row')}</TableCell>
                    <TableCell>{translate('cookies.fields.name')}</TableCell>
                    <TableCell>{translate('cookies.fields.domain')}</TableCell>
                    <TableCell>{translate('cookies.import.action')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {preview.changes.slice(0, PREVIEW_LINES).map((change) => (
                    <TableRow key={change.row}>
                      <TableCell>{change.row}</TableCell>
                      <TableCell>{change.name}</TableCell>
                      <TableCell>{change.domain}</TableCell>
                      <TableCell>{changeLabel(change)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{translate('cookies.import.cancel')}</Button>
        <Button variant="contained" disabled={busy || csv === null || !preview || preview.changes.length === 0} onClick={() => csv !== null && void run(csv, false)}>
          {translate('cookies.import.apply')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
