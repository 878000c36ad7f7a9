import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useLocaleState, useTranslate } from 'react-admin';
import { Navigate, Link as RouterLink } from 'react-router-dom';
import { PageLayout } from '../components/PageLayout';
import { StatusBadge } from '../components/StatusBadge';
import { formatCents } from '../shared/pricing';
import { formatDate } from '../i18n/formatters';
import type { Subscription } from '../schemas/subscription';
import { stepPath } from './subscriptionModel';

/** The statuses a subscription has once it is paid for (or free): the only ones this page describes. */
const SUBSCRIBED: ReadonlySet<Subscription['status']> = new Set(['active', 'expiring']);

const Fact = ({ label, value }: { label: string; value: string }) => (
  <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.5 }}>
    <Typography component="dt" variant="body2" color="text.secondary">
      {label}
    </Typography>
    <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 500 }}>
      {value}
    </Typography>
  </Box>
);

/**
 * ROUTE-9: after a successful payment: the plan, what was really paid, the next renewal and the
 * card used. Only a real outcome: opened without a subscription (a trial, a lapsed one), the
 * page sends the person to the overview rather than thank them for a payment that never happened.
 */
export const SuccessPage = ({ subscription }: { subscription: Subscription }) => {
  const translate = useTranslate();
  const [locale = 'en'] = useLocaleState();
  if (!SUBSCRIBED.has(subscription.status)) return <Navigate to={stepPath('overview')} replace />;
  const renewal = subscription.billingCycleEnds ? formatDate(subscription.billingCycleEnds, { language: locale }) : null;
  const lastPayment = subscription.payments.findLast((payment) => payment.status === 'succeeded');
  return (
    <PageLayout width="form">
      <Paper component="section" aria-labelledby="subscription-success-title" elevation={2} sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center' }}>
        <StatusBadge variant="success" />
        <Typography id="subscription-success-title" component="h1" variant="h5" sx={{ mt: 2 }} gutterBottom>
          {translate('subscription.success.title')}
        </Typography>
        <Typography variant="body1" color="text.secondary" gutterBottom>
          {translate('subscription.success.description')}
        </Typography>
        <Box component="dl" sx={{ textAlign: 'left', mt: 3, mb: 3 }}>
          <Fact
            label={translate('subscription.success.plan')}
            value={`${translate(`subscription.plans.${subscription.plan}.name`)} · ${translate(`subscription.intervals.${subscription.interval}`)}`}
          />
          {lastPayment ? (
            <Fact label={translate('subscription.success.amount')} value={formatCents(lastPayment.amountCents, lastPayment.currency, locale)} />
          ) : null}
          {renewal ? <Fact label={translate('subscription.success.next_renewal')} value={renewal} /> : null}
          {subscription.card ? (
            <Fact
              label={translate('subscription.success.card')}
              value={translate('subscription.success.card_ending', { brand: subscription.card.brand.toUpperCase(), last4: subscription.card.last4 })}
            />
          ) : null}
        </Box>
        <Button component={RouterLink} to="/consent-solutions/" variant="contained">
          {translate('subscription.success.continue')}
        </Button>
      </Paper>
    </PageLayout>
  );
};
