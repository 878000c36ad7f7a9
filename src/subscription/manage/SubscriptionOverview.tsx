import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useCanAccess, useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { PageLayout } from '../../components/PageLayout';
import { useAccountId } from '../../hooks/useAccount';
import type { AppDataProvider } from '../../providers/dataProvider';
import { queryKeys } from '../../providers/queryKeys';
import type { Subscription } from '../../schemas/subscription';
import { CardDialog } from './CardDialog';
import { formatDay, formatMoney } from './format';
import { InvoiceList } from './InvoiceList';
import { PlanChange } from './PlanChange';

const Fact = ({ label, children }: { label: string; children: ReactNode }) => (
  <Box sx={{ minWidth: 'min(200px, 100%)' }}>
    <Typography component="dt" variant="body2" color="text.secondary">
      {label}
    </Typography>
    <Typography component="dd" sx={{ m: 0, fontWeight: 500 }}>
      {children}
    </Typography>
  </Box>
);

/**
 * PAY-1: `/subscription/` of a paying account: the plan, the next charge, the card, changes of
 * plan, interval and slots (their price and dates shown before they are confirmed), the
 * invoices and cancellation, confirmed in a dialog that says when the service ends.
 */
export const SubscriptionOverview = ({ subscription }: { subscription: Subscription }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale = 'en'] = useLocaleState();
  const queryClient = useQueryClient();
  const accountId = useAccountId();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { canAccess: canManage } = useCanAccess({ resource: 'subscription', action: 'edit' });
  const [cardOpen, setCardOpen] = useState(false);
  const [cancelOpen, setCancelOpen] = useState(false);
  const money = (cents: number) => formatMoney(cents, subscription.price.currency, locale);
  const day = (iso: string | null) => (iso ? formatDay(iso, locale) : '');

  const changed = async (next: Subscription, message: string) => {
    queryClient.setQueryData(queryKeys.subscription.all, next);
    notify(message, { type: 'success' });
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.subscription.invoices }),
      // The banners and the navigation read the account's status.
      queryClient.invalidateQueries({ queryKey: queryKeys.account.one(accountId) }),
    ]);
  };
  const cancel = useMutation({
    mutationFn: () => dataProvider.cancelSubscription(),
    onSuccess: async (next) => {
      setCancelOpen(false);
      await changed(next, 'subscription.manage.cancel.done');
    },
  });

  const status = subscription.status;
  const card = subscription.card;
  return (
    <PageLayout
      width="subscription"
      header={
        <Typography component="h1" variant="h5">
          {translate('subscription.manage.title')}
        </Typography>
      }
    >
      <Paper sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 3, minWidth: 0, overflowWrap: 'anywhere' }}>
        {status === 'waiting_for_payment' ? <Alert severity="error">{translate('subscription.manage.overdue')}</Alert> : null}
        {status === 'expiring' ? (
          <Alert severity="warning">{translate('subscription.manage.ends_on', { date: day(subscription.billingCycleEnds) })}</Alert>
        ) : null}
        <Box component="dl" sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, m: 0 }}>
          <Fact label={translate('subscription.summary.plan')}>
            {translate('subscription.manage.plan_line', {
              plan: translate(`subscription.plans.${subscription.plan}.name`),
              interval: translate(`subscription.manage.interval.${subscription.interval}`),
              count: subscription.domainsCount,
            })}
          </Fact>
          <Fact label={translate('subscription.manage.price')}>
            {translate(`subscription.manage.price_${subscription.interval}`, { price: money(subscription.price.totalCents) })}
          </Fact>
          <Fact label={translate('subscription.manage.next_charge')}>
            {subscription.nextCharge
              ? translate('subscription.manage.next_charge_value', { price: money(subscription.nextCharge.amountCents), date: day(subscription.nextCharge.at) })
              : translate('subscription.manage.no_next_charge')}
          </Fact>
        </Box>

        <Divider />
        <Box component="section" aria-labelledby="payment-method-title">
          <Typography id="payment-method-title" component="h2" variant="h6" gutterBottom>
            {translate('subscription.manage.card.title')}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
            <Typography data-testid="card-on-file">
              {card
                ? translate(card.expMonth && card.expYear ? 'subscription.manage.card.on_file' : 'subscription.manage.card.on_file_no_expiry', {
                    brand: card.brand.toUpperCase(),
                    last4: card.last4,
                    expiry: card.expMonth && card.expYear ? `${String(card.expMonth).padStart(2, '0')}/${card.expYear}` : '',
                  })
                : translate('subscription.manage.card.none')}
            </Typography>
            {canManage && card && status !== 'expiring' ? (
              <Button variant="outlined" onClick={() => setCardOpen(true)}>
                {translate(status === 'waiting_for_payment' ? 'subscription.manage.card.change_and_pay' : 'subscription.manage.card.change')}
              </Button>
            ) : null}
          </Box>
        </Box>

        {canManage && status !== 'waiting_for_payment' ? (
          <>
            <Divider />
            <PlanChange
              key={`${subscription.plan}-${subscription.interval}-${subscription.domainsCount}`}
              subscription={subscription}
              onChanged={(next) => void changed(next, 'subscription.manage.change.done')}
            />
          </>
        ) : null}

        <Divider />
        <InvoiceList />

        {canManage && status === 'active' ? (
          <>
            <Divider />
            <Box component="section" aria-labelledby="cancel-title">
              <Typography id="cancel-title" component="h2" variant="h6" gutterBottom>
                {translate('subscription.manage.cancel.title')}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {translate('subscription.manage.cancel.effect', { date: day(subscription.billingCycleEnds) })}
              </Typography>
              <Button color="error" variant="outlined" onClick={() => setCancelOpen(true)}>
                {translate('subscription.manage.cancel.button')}
              </Button>
            </Box>
          </>
        ) : null}
      </Paper>

      <CardDialog
        open={cardOpen}
        overdue={status === 'waiting_for_payment'}
        onClose={() => setCardOpen(false)}
        onChanged={(next) => {
          setCardOpen(false);
          void changed(next, 'subscription.manage.card.done');
        }}
      />
      <Dialog open={cancelOpen} onClose={() => setCancelOpen(false)} aria-labelledby="cancel-dialog-title">
        <DialogTitle id="cancel-dialog-title">{translate('subscription.manage.cancel.confirm_title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate('subscription.manage.cancel.confirm_text', { date: day(subscription.billingCycleEnds) })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setCancelOpen(false)} disabled={cancel.isPending}>
            {translate('subscription.manage.cancel.keep')}
          </Button>
          <Button color="error" variant="contained" loading={cancel.isPending} onClick={() => cancel.mutate()}>
            {translate('subscription.manage.cancel.confirm', { date: day(subscription.billingCycleEnds) })}
          </Button>
        </DialogActions>
      </Dialog>
    </PageLayout>
  );
};
