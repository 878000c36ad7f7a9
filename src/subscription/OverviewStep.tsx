import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useLocaleState, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { MAX_DOMAINS_COUNT } from '../schemas/billing';
import { formatCents, PLANS, type Plan } from '../shared/pricing';
import { stepPath } from './subscriptionModel';
import { useWizardState } from './WizardState';
import { formatDate } from '../i18n/formatters';
import { useQuote } from './useQuote';

const dayOf = (iso: string | null, language: string): string => (iso ? formatDate(iso, { language }) : '');

/** What the account has now, in one sentence (ENT-5 statuses). */
const useStatusText = (): string => {
  const translate = useTranslate();
  const [locale = 'en'] = useLocaleState();
  const { subscription } = useWizardState();
  switch (subscription.status) {
    case 'trial':
      return subscription.trialDaysLeft && subscription.trialDaysLeft > 0
        ? translate(subscription.trialDaysLeft === 1 ? 'subscription.overview.status.trial_day_left' : 'subscription.overview.status.trial_days_left', {
            days: subscription.trialDaysLeft,
          })
        : translate('subscription.overview.status.trial_expired');
    case 'active':
      return translate('subscription.overview.status.active', {
        plan: translate(`subscription.plans.${subscription.plan}.name`),
        date: dayOf(subscription.billingCycleEnds, locale),
      });
    case 'expiring':
      return translate('subscription.overview.status.expiring', { date: dayOf(subscription.billingCycleEnds, locale) });
    default:
      return translate(`subscription.overview.status.${subscription.status}`);
  }
};

/** What a plan costs for the slots and interval chosen, as the server quotes it (CONST-3: never a price of the client's own). */
const PlanPrice = ({ plan }: { plan: Plan }) => {
  const translate = useTranslate();
  const [locale = 'en'] = useLocaleState();
  const { choice, quoteCountry, quoteCoupon } = useWizardState();
  const price = useQuote({ ...choice, plan }, quoteCountry, quoteCoupon).data?.price;
  if (!price) return <Typography variant="body2">&nbsp;</Typography>;
  const amount = formatCents(price.netCents - price.discountCents, price.currency, locale);
  return (
    <Box sx={{ mt: 1 }} data-testid={`plan-price-${plan}`}>
      <Typography variant="subtitle1" component="p" sx={{ fontWeight: 700 }}>
        {translate(`subscription.plans.price_${price.interval}`, { price: amount })}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {price.domainsCount === 1
          ? translate('subscription.plans.price_note_single')
          : translate('subscription.plans.price_note', { count: price.domainsCount })}
      </Typography>
    </Box>
  );
};

/** Step 1 (ROUTE-9): the plan and the number of public-domain slots. */
export const OverviewStep = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { subscription, choice, setChoice, canManage } = useWizardState();
  const statusText = useStatusText();
  const minimum = Math.max(1, subscription.price.publicDomainCount);
  const [slotsText, setSlotsText] = useState(String(choice.domainsCount));
  const slots = Number(slotsText);
  const slotsValid = /^\d+$/.test(slotsText) && slots >= minimum && slots <= MAX_DOMAINS_COUNT;

  return (
    <Box component="section" aria-labelledby="subscription-overview-title">
      <Typography id="subscription-overview-title" component="h2" variant="h6" gutterBottom>
        {translate('subscription.overview.title')}
      </Typography>
      <Alert severity={subscription.status === 'active' ? 'success' : 'info'} sx={{ mb: 2 }}>
        {statusText}
      </Alert>

      <Box
        role="radiogroup"
        aria-label={translate('subscription.summary.plan')}
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, mb: 3 }}
      >
        {PLANS.map((plan) => {
          const selected = choice.plan === plan;
          return (
            <Card key={plan} variant="outlined" sx={{ borderColor: selected ? 'primary.main' : undefined, borderWidth: selected ? 2 : 1 }}>
              <CardActionArea role="radio" aria-checked={selected} onClick={() => setChoice({ plan })} sx={{ height: '100%' }}>
                <CardContent>
                  <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
                    {translate(`subscription.plans.${plan}.name`)}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {translate(`subscription.plans.${plan}.description`)}
                  </Typography>
                  <PlanPrice plan={plan} />
                </CardContent>
              </CardActionArea>
            </Card>
          );
        })}
      </Box>

      <TextField
        label={translate('subscription.overview.domains_count')}
        type="number"
        value={slotsText}
        onChange={(event) => {
          setSlotsText(event.target.value);
          const next = Number(event.target.value);
          if (Number.isInteger(next) && next >= minimum && next <= MAX_DOMAINS_COUNT) setChoice({ domainsCount: next });
        }}
        error={!slotsValid}
        helperText={
          slotsValid
            ? translate('subscription.overview.domains_count_help', { domains: subscription.price.publicDomainCount })
            : translate('subscription.overview.domains_count_invalid', { min: minimum, max: MAX_DOMAINS_COUNT })
        }
        slotProps={{ htmlInput: { min: minimum, max: MAX_DOMAINS_COUNT, step: 1 } }}
        sx={{ maxWidth: 320 }}
      />

      {/* ROLE-3: a read-only role sees the plans and prices but is not led into forms it may not send. */}
      {canManage ? (
        <Box sx={{ mt: 3, display: 'flex', justifyContent: 'flex-end' }}>
          <Button variant="contained" size="large" disabled={!slotsValid} onClick={() => navigate(stepPath('billing'))}>
            {translate('subscription.actions.continue_to_billing')}
          </Button>
        </Box>
      ) : (
        <Alert severity="info" sx={{ mt: 3 }}>
          {translate('subscription.overview.read_only')}
        </Alert>
      )}
    </Box>
  );
};
