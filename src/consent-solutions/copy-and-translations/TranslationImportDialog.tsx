import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useDataProvider, useTranslate, type Identifier } from 'react-admin';
import { IMPORT_PREVIEW_LINES, ImportDialog, type ImportDialogMessages } from '../../components/ImportDialog';
import type { AppDataProvider } from '../../providers/dataProvider';
import type { TranslationImportResult } from '../../schemas/translations';
import { importContentType } from './translationsModel';

const MESSAGES: ImportDialogMessages = {
  title: 'translations.import.title',
  choose: 'translations.import.choose',
  cancel: 'translations.import.cancel',
  apply: 'translations.import.apply',
  place: 'translations.import.row',
  problem: 'translations.import.problem',
  imported: 'translations.notifications.imported',
  importError: 'translations.notifications.import_error',
};

/** BEYOND-5: choose a JSON or CSV file, see what it would change (dry run), then apply it. */
export const TranslationImportDialog = ({
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
  return (
    <ImportDialog<TranslationImportResult>
      open={open}
      onClose={onClose}
      onImported={onImported}
      accept=".json,.csv,application/json,text/csv"
      idPrefix="translation-import"
      messages={MESSAGES}
      run={(file, dryRun) => dataProvider.importTranslations(solutionId, file.content, importContentType(file.name), dryRun)}
      renderPreview={(preview) => (
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
                {preview.changes.slice(0, IMPORT_PREVIEW_LINES).map((change) => (
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
    />
  );
};
