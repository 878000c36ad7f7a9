import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import LockIcon from '@mui/icons-material/LockOutlined';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { SubmitButton } from '../components/SubmitButton';
import { useAccountId } from '../hooks/useAccount';
import type { AppDataProvider } from '../providers/dataProvider';
import { queryKeys } from '../providers/queryKeys';
import { paymentSchema } from '../schemas/billing';
import { CardFields } from './CardFields';
import { emptyPayment, serverFieldErrors, stepPath, toSubscribeRequest, type PaymentFormValues } from './subscriptionModel';
import { schemaResolver } from '../schemas/formResolver';
import { useWizardState } from './WizardState';
import { useQuote } from './useQuote';

const resolver = schemaResolver<PaymentFormValues>(paymentSchema);
const PAYMENT_FIELDS = ['cardNumber', 'expiry', 'cvc'] as const;

/** What went wrong with the final request, beyond the fields of this form. */
interface Failure {
  /** 402: the card was refused; nothing was charged or stored. */
  declined: boolean;
  billingInvalid: boolean;
  messages: string[];
}

/**
 * Step 3 (ENT-4, VAL-1): the card. Its number, expiry and CVC exist only in this form and in
 * the one request that subscribes (ST-4); a refused card is shown here and nothing is charged.
 */
export const PaymentStep = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const accountId = useAccountId();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { choice, billing, setBillingServerErrors, quoteCountry, quoteCoupon } = useWizardState();
  const quote = useQuote(choice, quoteCountry, quoteCoupon);
  const [failure, setFailure] = useState<Failure | null>(null);
  const { control, handleSubmit, getValues, setError, reset } = useForm<PaymentFormValues>({ defaultValues: emptyPayment, resolver, mode: 'onTouched' });

  const mutation = useMutation({
    // ST-4: the card is read from the form when sending, not passed as mutation variables,
    // which react-query would keep in its cache; the finished mutation is dropped at once.
    mutationFn: () => dataProvider.subscribe(toSubscribeRequest(choice, billing, getValues())),
    gcTime: 0,
    onSuccess: async (subscription) => {
      reset(emptyPayment);
      queryClient.setQueryData(queryKeys.subscription.all, subscription);
      // ST-1: the banners read the account; the trial banner goes once it is read again.
      await queryClient.invalidateQueries({ queryKey: queryKeys.account.one(accountId) });
      navigate(stepPath('success'));
    },
    onError: (error) => {
      // The dataProvider has already shown one toast per violation; here they go next to the fields.
      const paymentErrors = serverFieldErrors(error, 'payment');
      for (const field of PAYMENT_FIELDS) {
        const message = paymentErrors[field];
        if (message) setError(field, { type: 'server', message }, { shouldFocus: true });
      }
      const billingErrors = serverFieldErrors(error, 'billing');
      setBillingServerErrors(billingErrors);
      const others = Object.entries(serverFieldErrors(error, ''))
        .filter(([path]) => !path.startsWith('payment.') && !path.startsWith('billing.'))
        .map(([, message]) => message);
      setFailure({
        declined: (error as { status?: number }).status === 402,
        billingInvalid: Object.keys(billingErrors).length > 0,
        messages: others,
      });
    },
  });

  const onSubmit = handleSubmit(() => {
    setFailure(null);
    // A coupon the summary shows as refused is not sent to fail the payment: back to its field.
    const couponError = quote.data?.couponError;
    if (couponError) {
      setBillingServerErrors({ coupon: couponError });
      navigate(stepPath('billing'));
      return;
    }
    mutation.mutate();
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby="subscription-payment-title">
      <Typography id="subscription-payment-title" component="h2" variant="h6" gutterBottom>
        {translate('subscription.payment.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}>
        <LockIcon fontSize="small" aria-hidden />
        {translate('subscription.payment.secure_note')}
      </Typography>

      {failure ? (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="payment-failure">
          {failure.declined ? <div>{translate('subscription.payment.declined')}</div> : null}
          {failure.billingInvalid ? (
            <div>
              {translate('subscription.payment.billing_invalid')}{' '}
              <Button size="small" color="inherit" onClick={() => navigate(stepPath('billing'))}>
                {translate('subscription.actions.edit_billing')}
              </Button>
            </div>
          ) : null}
          {failure.messages.map((message) => (
            <div key={message}>{message}</div>
          ))}
          {!failure.declined && !failure.billingInvalid && failure.messages.length === 0 ? <div>{translate('subscription.payment.failed')}</div> : null}
        </Alert>
      ) : null}

      <CardFields control={control} />
      <Box sx={{ mt: 3, display: 'flex', justifyContent: 'space-between', gap: 2 }}>
        <Button onClick={() => navigate(stepPath('billing'))} disabled={mutation.isPending}>
          {translate('subscription.actions.back')}
        </Button>
        <SubmitButton loading={mutation.isPending} fullWidth={false}>
          {translate('subscription.actions.subscribe')}
        </SubmitButton>
      </Box>
    </Box>
  );
};
