import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableContainer from '@mui/material/TableContainer';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useLocaleState, useTranslate } from 'react-admin';
import { BILLING_INTERVALS, PLANS, formatCents, type BillingInterval, type Plan } from '../shared/pricing';
import { summaryRows } from './subscriptionModel';
import { useQuote } from './useQuote';
import { useWizardState } from './WizardState';

const TotalRow = ({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) => (
  <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.5 }}>
    <Typography variant={strong ? 'subtitle1' : 'body2'} component="dt" sx={{ fontWeight: strong ? 700 : undefined }}>
      {label}
    </Typography>
    <Typography
      variant={strong ? 'subtitle1' : 'body2'}
      component="dd"
      sx={{ m: 0, fontWeight: strong ? 700 : undefined }}
      data-testid={strong ? 'summary-total' : undefined}
    >
      {value}
    </Typography>
  </Box>
);

/**
 * ROUTE-9, BEYOND-6, CONST-3: the summary beside every step: plan and interval switches, the
 * cost of each domain, coupon, VAT and total, re-quoted by the server as the choices change.
 */
export const SummaryPanel = () => {
  const translate = useTranslate();
  const [locale = 'en'] = useLocaleState();
  const { choice, setChoice, quoteCountry, quoteCoupon } = useWizardState();
  const quote = useQuote(choice, quoteCountry, quoteCoupon);
  const price = quote.data?.price;
  const money = (cents: number) => formatCents(cents, price?.currency ?? 'EUR', locale);
  const per = translate(`subscription.summary.per_${price?.interval ?? choice.interval}`);

  return (
    <Paper component="section" aria-labelledby="subscription-summary-title" elevation={2} sx={{ p: 2 }}>
      <Typography id="subscription-summary-title" component="h2" variant="h6" gutterBottom>
        {translate('subscription.summary.title')}
      </Typography>

      <Typography id="subscription-plan-label" variant="subtitle2" component="p">
        {translate('subscription.summary.plan')}
      </Typography>
      <ToggleButtonGroup
        exclusive
        fullWidth
        size="small"
        color="primary"
        value={choice.plan}
        aria-labelledby="subscription-plan-label"
        onChange={(_event, plan: Plan | null) => plan && setChoice({ plan })}
        sx={{ mb: 2 }}
      >
        {PLANS.map((plan) => (
          <ToggleButton key={plan} value={plan}>
            {translate(`subscription.plans.${plan}.name`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>

      <Typography id="subscription-interval-label" variant="subtitle2" component="p">
        {translate('subscription.summary.interval')}
      </Typography>
      <ToggleButtonGroup
        exclusive
        fullWidth
        size="small"
        color="primary"
        value={choice.interval}
        aria-labelledby="subscription-interval-label"
        onChange={(_event, interval: BillingInterval | null) => interval && setChoice({ interval })}
        sx={{ mb: 2 }}
      >
        {BILLING_INTERVALS.map((interval) => (
          <ToggleButton key={interval} value={interval}>
            {translate(`subscription.intervals.${interval}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>

      {/* Keeps its height so the panel does not jump while re-quoting. */}
      <Box sx={{ height: 4, mb: 1 }}>{quote.isFetching ? <LinearProgress aria-label={translate('subscription.summary.updating')} /> : null}</Box>

      {quote.isError && !price ? (
        <Alert severity="warning" role="status">
          {translate('subscription.summary.unavailable')}
        </Alert>
      ) : null}

      {price ? (
        <Box aria-live="polite" aria-busy={quote.isFetching}>
          <TableContainer>
            <Table size="small" aria-labelledby="subscription-domains-caption">
              <caption id="subscription-domains-caption" style={{ captionSide: 'top', padding: 0, textAlign: 'left' }}>
                {translate('subscription.summary.domains_caption')}
              </caption>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('subscription.summary.domain')}</TableCell>
                  <TableCell align="right">{per}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {summaryRows(price).map((row) => (
                  <TableRow key={row.key} data-testid="summary-line">
                    <TableCell>
                      {/* A long domain may break anywhere; the words under it ("weekly scan") never do. */}
                      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                        {row.domain ?? translate('subscription.summary.unused_slot')}
                      </Typography>
                      <Typography variant="caption" color="text.secondary">
                        {row.charged
                          ? `${translate(`resources.domains.depths.${row.depth}`)} · ${row.frequency ? translate(`subscription.frequencies.${row.frequency}`) : ''}`
                          : translate('subscription.summary.alias')}
                      </Typography>
                    </TableCell>
                    <TableCell align="right">{row.charged ? money(row.cents) : translate('subscription.summary.free')}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>

          <Divider sx={{ my: 1 }} />
          <Box component="dl" sx={{ m: 0 }}>
            <TotalRow label={translate('subscription.summary.subtotal')} value={money(price.netCents)} />
            {price.coupon ? (
              <TotalRow
                label={translate('subscription.summary.discount', { code: price.coupon.code, percent: price.coupon.percentOff })}
                value={money(-price.discountCents)}
              />
            ) : null}
            <TotalRow
              label={
                quoteCountry === ''
                  ? translate('subscription.summary.vat_unknown')
                  : translate('subscription.summary.vat', { rate: Math.round(price.vatRate * 100) })
              }
              value={money(price.vatCents)}
            />
            <TotalRow strong label={translate(`subscription.summary.total_${price.interval}`)} value={money(price.totalCents)} />
          </Box>
          {quote.data?.couponError ? (
            <Alert severity="warning" role="status" sx={{ mt: 1 }}>
              {translate('subscription.summary.coupon_refused', { reason: quote.data.couponError })}
            </Alert>
          ) : null}
        </Box>
      ) : null}
    </Paper>
  );
};
