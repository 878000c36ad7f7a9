import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableContainer from '@mui/material/TableContainer';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/CheckCircleOutlined';
import WarningIcon from '@mui/icons-material/ErrorOutlined';
import { useTranslate } from 'react-admin';
import type { Completeness, CompletenessCell } from '../../schemas/translations';

interface CompletenessMatrixProps {
  completeness: Completeness;
  languageLabel: (code: string) => string;
  onOpen: (cell: CompletenessCell) => void;
}

/** BEYOND-5: languages × groups with the count of missing texts (and of default ones, I18N-2); each cell opens its gap. */
export const CompletenessMatrix = ({ completeness, languageLabel, onOpen }: CompletenessMatrixProps) => {
  const translate = useTranslate();
  const cellOf = (language: string, group: string) => completeness.cells.find((c) => c.language === language && c.group === group);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="completeness-heading" sx={{ p: 2, mb: 3, overflowX: 'auto' }}>
      <Typography id="completeness-heading" variant="h6" component="h3">
        {translate('translations.matrix.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('translations.matrix.caption', { language: languageLabel(completeness.fallbackLanguage) })}
      </Typography>
      <TableContainer>
        <Table size="small" aria-labelledby="completeness-heading">
          <TableHead>
            <TableRow>
              <TableCell component="th">{translate('translations.matrix.language')}</TableCell>
              {completeness.groups.map((group) => (
                <TableCell key={group} component="th">
                  {translate(`translations.groups.${group}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {completeness.languages.map((language) => (
              <TableRow key={language}>
                <TableCell component="th" scope="row">
                  {languageLabel(language)}
                </TableCell>
                {completeness.groups.map((group) => {
                  const cell = cellOf(language, group);
                  if (!cell) return <TableCell key={group} />;
                  const gaps =
                    cell.missing === 0 ? translate('translations.matrix.complete') : translate('translations.matrix.missing', { smart_count: cell.missing });
                  // I18N-2: how many of the present texts are the product's defaults, not the customer's.
                  const status = cell.defaults > 0 ? translate('translations.defaults.cell', { status: gaps, smart_count: cell.defaults }) : gaps;
                  return (
                    <TableCell key={group}>
                      <Button
                        size="small"
                        color={cell.missing === 0 ? 'success' : 'warning'}
                        startIcon={cell.missing === 0 ? <CheckIcon /> : <WarningIcon />}
                        aria-label={translate('translations.matrix.open', {
                          language: languageLabel(language),
                          group: translate(`translations.groups.${group}`),
                          status,
                        })}
                        data-testid={`completeness-${language}-${group}`}
                        onClick={() => onOpen(cell)}
                      >
                        {status}
                      </Button>
                    </TableCell>
                  );
                })}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
};
