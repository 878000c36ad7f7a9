import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import { queryKeys } from '../../providers/queryKeys';
import { MAX_DOMAINS_COUNT } from '../../schemas/billing';
import type { Subscription, SubscriptionChangeRequest } from '../../schemas/subscription';
import { BILLING_INTERVALS, PLANS } from '../../shared/pricing';
import { useDebouncedValue } from '../useDebouncedValue';
import { formatDay, formatMoney } from './format';

const PREVIEW_DELAY_MS = 300;

/**
 * PAY-1: plan, interval and domain slots of a running subscription. Every change is priced by
 * the server (POST /subscriptions/preview) and its effect stated before the button confirms it:
 * within a paid period nothing is charged today and the new price applies from the next
 * renewal (no proration).
 */
export const PlanChange = ({ subscription, onChanged }: { subscription: Subscription; onChanged: (s: Subscription) => void }) => {
  const translate = useTranslate();
  const [locale = 'en'] = useLocaleState();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [choice, setChoice] = useState<SubscriptionChangeRequest>({
    plan: subscription.plan,
    interval: subscription.interval,
    domainsCount: subscription.domainsCount,
  });
  const [countText, setCountText] = useState(String(subscription.domainsCount));
  const minCount = Math.max(1, subscription.price.publicDomainCount);
  const countValid = /^\d{1,4}$/.test(countText) && Number(countText) >= minCount && Number(countText) <= MAX_DOMAINS_COUNT;
  const changed = choice.plan !== subscription.plan || choice.interval !== subscription.interval || choice.domainsCount !== subscription.domainsCount;
  const request = useDebouncedValue(choice, PREVIEW_DELAY_MS);
  const preview = useQuery({
    queryKey: queryKeys.subscription.preview(request),
    queryFn: () => dataProvider.previewSubscriptionChange(request),
    enabled: changed && countValid,
  });
  const mutation = useMutation({ mutationFn: () => dataProvider.subscribe(choice), onSuccess: onChanged });
  const money = (cents: number) => formatMoney(cents, preview.data?.currency ?? subscription.price.currency, locale);
  const ready = changed && countValid && preview.data !== undefined && request === choice;

  return (
    <Box component="section" aria-labelledby="plan-change-title">
      <Typography id="plan-change-title" component="h2" variant="h6" gutterBottom>
        {translate('subscription.manage.change.title')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}>
        <TextField
          select
          label={translate('subscription.summary.plan')}
          value={choice.plan}
          onChange={(e) => setChoice({ ...choice, plan: e.target.value as SubscriptionChangeRequest['plan'] })}
          sx={{ minWidth: 'min(180px, 100%)' }}
        >
          {PLANS.map((plan) => (
            <MenuItem key={plan} value={plan}>
              {translate(`subscription.plans.${plan}.name`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={translate('subscription.summary.interval')}
          value={choice.interval}
          onChange={(e) => setChoice({ ...choice, interval: e.target.value as SubscriptionChangeRequest['interval'] })}
          sx={{ minWidth: 'min(220px, 100%)' }}
        >
          {BILLING_INTERVALS.map((interval) => (
            <MenuItem key={interval} value={interval}>
              {translate(`subscription.intervals.${interval}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={translate('subscription.overview.domains_count')}
          value={countText}
          onChange={(e) => {
            setCountText(e.target.value);
            if (/^\d{1,4}$/.test(e.target.value)) setChoice({ ...choice, domainsCount: Number(e.target.value) });
          }}
          error={!countValid}
          helperText={countValid ? undefined : translate('subscription.overview.domains_count_invalid', { min: minCount, max: MAX_DOMAINS_COUNT })}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          sx={{ width: 'min(200px, 100%)' }}
        />
      </Box>
      {changed && countValid ? (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="change-effect" aria-live="polite">
          {ready && preview.data ? (
            <>
              <div>
                {translate(`subscription.manage.change.new_price_${preview.data.next.interval}`, {
                  price: money(preview.data.nextChargeCents),
                  before: money(preview.data.current.totalCents),
                })}
              </div>
              <div>
                {preview.data.chargedNowCents === 0
                  ? translate('subscription.manage.change.from_next_period', { date: formatDay(preview.data.nextChargeAt, locale) })
                  : translate('subscription.manage.change.charged_now', {
                      price: money(preview.data.chargedNowCents),
                      date: formatDay(preview.data.nextChargeAt, locale),
                    })}
              </div>
            </>
          ) : preview.isError ? (
            translate('subscription.summary.unavailable')
          ) : (
            translate('subscription.summary.updating')
          )}
        </Alert>
      ) : null}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button variant="contained" disabled={!ready} loading={mutation.isPending} onClick={() => mutation.mutate()}>
          {translate('subscription.manage.change.confirm')}
        </Button>
        {changed ? (
          <Button
            onClick={() => {
              setChoice({ plan: subscription.plan, interval: subscription.interval, domainsCount: subscription.domainsCount });
              setCountText(String(subscription.domainsCount));
            }}
          >
            {translate('subscription.manage.change.reset')}
          </Button>
        ) : null}
      </Box>
    </Box>
  );
};
