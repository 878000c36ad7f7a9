import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { useForm } from 'react-hook-form';
import { SubmitButton } from '../../components/SubmitButton';
import type { AppDataProvider } from '../../providers/dataProvider';
import { paymentSchema } from '../../schemas/billing';
import { schemaResolver } from '../../schemas/formResolver';
import type { Subscription } from '../../schemas/subscription';
import { CardFields } from '../CardFields';
import { emptyPayment, serverFieldErrors, type PaymentFormValues } from '../subscriptionModel';

const resolver = schemaResolver<PaymentFormValues>(paymentSchema);
const FIELDS = ['cardNumber', 'expiry', 'cvc'] as const;

/**
 * PAY-1, ST-4: a new card for the renewals. The number lives only in this form and the one
 * request; a card the processor refuses is shown on its field and nothing changes. While a
 * payment is overdue, the dialog says the new card is charged at once.
 */
export const CardDialog = ({
  open,
  overdue,
  onClose,
  onChanged,
}: {
  open: boolean;
  overdue: boolean;
  onClose: () => void;
  onChanged: (s: Subscription) => void;
}) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { control, handleSubmit, getValues, setError, reset } = useForm<PaymentFormValues>({ defaultValues: emptyPayment, resolver, mode: 'onTouched' });
  const mutation = useMutation({
    // ST-4: read from the form when sending, never kept as mutation variables.
    mutationFn: () => dataProvider.changeCard(getValues()),
    gcTime: 0,
    onSuccess: (subscription) => {
      reset(emptyPayment);
      onChanged(subscription);
    },
    onError: (error) => {
      const errors = serverFieldErrors(error, 'payment');
      for (const field of FIELDS) {
        const message = errors[field];
        if (message) setError(field, { type: 'server', message }, { shouldFocus: true });
      }
    },
  });
  const close = () => {
    reset(emptyPayment);
    onClose();
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby="card-dialog-title" fullWidth maxWidth="xs">
      <form noValidate onSubmit={handleSubmit(() => mutation.mutate())}>
        <DialogTitle id="card-dialog-title">{translate('subscription.manage.card.dialog_title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{translate(overdue ? 'subscription.manage.card.overdue_note' : 'subscription.manage.card.note')}</DialogContentText>
          <CardFields control={control} />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={mutation.isPending}>
            {translate('subscription.manage.cancel_action')}
          </Button>
          <SubmitButton loading={mutation.isPending} fullWidth={false}>
            {translate(overdue ? 'subscription.manage.card.save_and_pay' : 'subscription.manage.card.save')}
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
};
