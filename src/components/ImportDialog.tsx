import { useState, type ChangeEvent, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableContainer from '@mui/material/TableContainer';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslate } from 'react-admin';
import { notify } from '../notifications/notify';
import { translateViolation } from '../notifications/notifyApiError';
import type { Violation } from '../shared/violations';

/** How many preview lines an import preview lists; its counts cover the rest. */
export const IMPORT_PREVIEW_LINES = 50;

/** Lists the violations an import was refused for: where (row, field) and what. */
const ViolationTable = ({ violations, placeKey, problemKey }: { violations: Violation[]; placeKey: string; problemKey: string }) => {
  const translate = useTranslate();
  return (
    <TableContainer>
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
    </TableContainer>
  );
};

/** The chosen file, read once: the previewed content is the content applied. */
export interface ImportFile {
  name: string;
  content: string;
}

export type ImportRunOutcome<Result> = { ok: true; result: Result } | { ok: false; violations: Violation[] };

/** Translation keys of an import dialog's texts and notices. */
export interface ImportDialogMessages {
  title: string;
  choose: string;
  cancel: string;
  apply: string;
  /** Column headers of the violation table; `problem` also labels the table. */
  place: string;
  problem: string;
  /** Notices after applying, and after any failure. */
  imported: string;
  importError: string;
}

interface ImportDialogProps<Result extends { changes: readonly unknown[] }> {
  open: boolean;
  onClose: () => void;
  onImported: () => void;
  /** The file input's `accept`. */
  accept: string;
  /** Prefix of the title's id (`<idPrefix>-title`) and the file input's test id (`<idPrefix>-file`). */
  idPrefix: string;
  messages: ImportDialogMessages;
  /** Sends the file, as a dry run or for real; violations refuse it, other errors throw. */
  run: (file: ImportFile, dryRun: boolean) => Promise<ImportRunOutcome<Result>>;
  /** What the dry run would change; applying is offered only when it changes something. */
  renderPreview: (result: Result) => ReactNode;
  /** Whether a refused apply keeps the dry run's preview (so it can be retried) instead of clearing it. */
  keepPreviewOnViolations?: boolean;
}

/** Choose a file, see what it would change (dry run), then apply it. */
export function ImportDialog<Result extends { changes: readonly unknown[] }>({
  open,
  onClose,
  onImported,
  accept,
  idPrefix,
  messages,
  run: send,
  renderPreview,
  keepPreviewOnViolations = false,
}: ImportDialogProps<Result>) {
  const translate = useTranslate();
  const [file, setFile] = useState<ImportFile | null>(null);
  const [preview, setPreview] = useState<Result | null>(null);
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

  const run = async (choice: ImportFile, dryRun: boolean) => {
    setBusy(true);
    try {
      const outcome = await send(choice, dryRun);
      if (!outcome.ok) {
        setViolations(outcome.violations);
        if (!keepPreviewOnViolations) setPreview(null);
        notify(messages.importError, { type: 'error' });
        return;
      }
      if (dryRun) setPreview(outcome.result);
      else {
        notify(messages.imported, { type: 'success' });
        onImported();
        close();
      }
    } catch {
      notify(messages.importError, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    reset();
    const choice = { name: chosen.name, content: await chosen.text() };
    setFile(choice);
    await run(choice, true);
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="md" aria-labelledby={`${idPrefix}-title`}>
      <DialogTitle id={`${idPrefix}-title`}>{translate(messages.title)}</DialogTitle>
      <DialogContent>
        <Button component="label" variant="outlined" disabled={busy} sx={{ mb: 2 }}>
          {translate(messages.choose)}
          <input hidden type="file" accept={accept} data-testid={`${idPrefix}-file`} onChange={(event) => void choose(event)} />
        </Button>
        {violations.length > 0 && <ViolationTable violations={violations} placeKey={messages.place} problemKey={messages.problem} />}
        {preview && renderPreview(preview)}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{translate(messages.cancel)}</Button>
        <Button
          variant="contained"
          disabled={busy || file === null || !preview || preview.changes.length === 0}
          onClick={() => file !== null && void run(file, false)}
        >
          {translate(messages.apply)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
