import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useDataProvider, useTranslate, type Identifier } from 'react-admin';
import { IMPORT_PREVIEW_LINES, ImportDialog, type ImportDialogMessages } from '../../components/ImportDialog';
import type { AppDataProvider } from '../../providers/dataProvider';
import type { CookieImportResult } from '../../schemas/cookie';

const MESSAGES: ImportDialogMessages = {
  title: 'cookies.import.title',
  choose: 'cookies.import.choose',
  cancel: 'cookies.import.cancel',
  apply: 'cookies.import.apply',
  place: 'cookies.import.place',
  problem: 'cookies.import.problem',
  imported: 'cookies.notifications.imported',
  importError: 'cookies.notifications.import_error',
};

/** Choose a CSV, see what it would change (dry run: new, changed, unchanged), then apply it. */
export const CookieImportDialog = ({
  solutionId,
  open,
  onClose,
  onImported,
}: {
  solutionId: Identifier;
  open: boolean;
  onClose: () => void;
  onImported: () => void;
}) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const changeLabel = (change: CookieImportResult['changes'][number]) =>
    change.action === 'create'
      ? translate('cookies.import.create')
      : translate('cookies.import.update', { fields: change.fields.map((f) => translate(`cookies.fields.${f}`)).join(', ') });

  return (
    <ImportDialog<CookieImportResult>
      open={open}
      onClose={onClose}
      onImported={onImported}
      accept=".csv,text/csv"
      idPrefix="cookie-import"
      messages={MESSAGES}
      keepPreviewOnViolations
      run={(file, dryRun) => dataProvider.importCookies(solutionId, file.content, dryRun)}
      renderPreview={(preview) => (
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
                {preview.changes.slice(0, IMPORT_PREVIEW_LINES).map((change) => (
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
    />
  );
};
