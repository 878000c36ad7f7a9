import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import { LoadError } from '../../components/LoadError';
import type { AppDataProvider } from '../../providers/dataProvider';
import { queryKeys } from '../../providers/queryKeys';
import type { InvoiceSummary } from '../../schemas/subscription';
import { download } from '../../shared/download';
import { formatDay, formatMoney } from './format';
import { visuallyHidden } from '../../theme/visuallyHidden';

/** PAY-1: the account's invoices, newest first, each downloadable as a document in the UI language. */
export const InvoiceList = () => {
  const translate = useTranslate();
  const [locale = 'en'] = useLocaleState();
  const dataProvider = useDataProvider<AppDataProvider>();
  const invoices = useQuery({ queryKey: queryKeys.subscription.invoices, queryFn: () => dataProvider.listInvoices() });

  const save = async (invoice: InvoiceSummary) => {
    try {
      download(await dataProvider.invoiceDocument(invoice.id, locale), `${invoice.number}.html`, 'text/html');
    } catch {
      // The data provider has shown why.
    }
  };

  return (
    <section aria-labelledby="invoices-title">
      <Typography id="invoices-title" component="h2" variant="h6" gutterBottom>
        {translate('subscription.manage.invoices.title')}
      </Typography>
      {invoices.isPending ? (
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <CircularProgress size={20} aria-hidden />
          <Typography color="text.secondary">{translate('subscription.manage.invoices.loading')}</Typography>
        </Box>
      ) : invoices.isError ? (
        <LoadError error={invoices.error} onRetry={() => void invoices.refetch()} />
      ) : invoices.data.length === 0 ? (
        <Typography color="text.secondary">{translate('subscription.manage.invoices.none')}</Typography>
      ) : (
        // A phone scrolls the table, not the page (WCAG 1.4.10).
        <TableContainer>
          <Table size="small" aria-labelledby="invoices-title">
            <TableHead>
              <TableRow>
                <TableCell>{translate('subscription.manage.invoices.number')}</TableCell>
                <TableCell>{translate('subscription.manage.invoices.date')}</TableCell>
                <TableCell>{translate('subscription.manage.invoices.period')}</TableCell>
                <TableCell align="right">{translate('subscription.manage.invoices.total')}</TableCell>
                <TableCell>
                  <Box component="span" sx={visuallyHidden}>
                    {translate('subscription.manage.invoices.document')}
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {invoices.data.map((invoice) => (
                <TableRow key={invoice.id}>
                  <TableCell>{invoice.number}</TableCell>
                  <TableCell>{formatDay(invoice.issuedAt, locale)}</TableCell>
                  <TableCell>{`${formatDay(invoice.periodStart, locale)} – ${formatDay(invoice.periodEnd, locale)}`}</TableCell>
                  <TableCell align="right">{formatMoney(invoice.totalCents, invoice.currency, locale)}</TableCell>
                  <TableCell align="right">
                    <Button
                      size="small"
                      startIcon={<DownloadIcon aria-hidden />}
                      onClick={() => void save(invoice)}
                      aria-label={translate('subscription.manage.invoices.download_one', { number: invoice.number })}
                    >
                      {translate('subscription.manage.invoices.download')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </section>
  );
};
