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
import { importContentType, importTranslations, type TranslationImportResult } from './translationsApi';

interface FileChoice {
  content: string;
  type: string;
}

/** How many preview lines are listed; the counts cover the rest. */
const PREVIEW_LINES = 50;

export const ViolationTable = ({ violations, placeKey, problemKey }: { violations: Violation[]; placeKey: string; problemKey: string }) => {
  const translate = useTranslate();
  return (
    <Table size="small" aria-label={translate(problemKey)}>
      <TableHead>
        <TableRow>
          <TableCell>{translate(placeKey)}</TableCell>
          <TableCell>{translate(problemKey)}</TableCell>
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
  );
};

/** BEYOND-5: choose a JSON or CSV file, see what it would change (dry run), then apply it. */
export const TranslationImportDialog = ({ solutionId, open, onClose, onImported }: { solutionId: Identifier; open: boolean; onClose: () => void; onImported: () => void }) => {
  const translate = useTranslate();
  const [file, setFile] = useState<FileChoice | null>(null);
  const [preview, setPreview] = useState<TranslationImportResult | null>(null);
  const [violations, setViolations] = useState<Violation[]>([]);
  const [busy, setBusy] = useState(false);

  const reset = () => {
    setFile(null);
    setPreview(null);
    setViolations([]);
  };
  const close = () => {
    reset();
    onClose();
  };

  const run = async (choice: FileChoice, dryRun: boolean) => {
    setBusy(true);
    try {
      const outcome = await importTranslations(solutionId, choice.content, choice.type, dryRun);
      if (!outcome.ok) {
        setViolations(outcome.violations);
        setPreview(null);
        notify('translations.notifications.import_error', { type: 'error' });
        return;
      }
      if (dryRun) setPreview(outcome.result);
      else {
        notify('translations.notifications.imported', { type: 'success' });
        onImported();
        close();
      }
    } catch {
      notify('translations.notifications.import_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    reset();
    const choice = { content: await chosen.text(), type: importContentType(chosen.name) };
    setFile(choice);
    await run(choice, true);
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="md" aria-labelledby="translation-import-title">
      <DialogTitle id="translation-import-title">{translate('translations.import.title')}</DialogTitle>
      <DialogContent>
        <Button component="label" variant="outlined" disabled={busy} sx={{ mb: 2 }}>
          {translate('translations.import.choose')}
          <input hidden type="file" accept=".json,.csv,application/json,text/csv" data-testid="translation-import-file" onChange={(event) => void choose(event)} />
        </Button>
        {violations.length > 0 && <ViolationTable violations={violations} placeKey="translations.import.row" problemKey="translations.import.problem" />}
        {preview && (
          <>
            <Typography role="status" sx={{ mb: 1 }}>
              {preview.changes.length === 0
                ? translate('translations.import.nothing')
                : translate('translations.import.changes', { smart_count: preview.changes.length })}{' '}
              {translate('translations.import.unchanged', { smart_count: preview.unchanged })}
            </Typography>
            {preview.changes.length > 0 && (
              <Table size="small">
                <TableHead>
                  <TableRow>
                    <TableCell>{translate('translations.import.language')}</TableCell>
                    <TableCell>{translate('translations.import.key')}</TableCell>
                    <TableCell>{translate('translations.import.before')}</TableCell>
                    <TableCell>{translate('translations.import.after')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {preview.changes.slice(0, PREVIEW_LINES).map((change) => (
                    <TableRow key={`${change.language}-${change.key}`}>
                      <TableCell>{change.language}</TableCell>
                      <TableCell>{change.key}</TableCell>
                      <TableCell>{change.before ?? '—'}</TableCell>
                      <TableCell>{change.after}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{translate('translations.import.cancel')}</Button>
        <Button variant="contained" disabled={busy || !file || !preview || preview.changes.length === 0} onClick={() => file && void run(file, false)}>
          {translate('translations.import.apply')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
