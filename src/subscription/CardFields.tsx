import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import Typography from '@mui/material/Typography';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import { useTranslate } from 'react-admin';
import { useWatch, type Control } from 'react-hook-form';
import { FormTextField } from './FormTextField';
import { cardBrandOf, cvcLengthOf, formatCardNumber, formatExpiry, type PaymentFormValues } from './subscriptionModel';

/** The card's number (with its brand), expiry and CVC: the wizard's payment step and the overview's change of card. */
export const CardFields = ({ control }: { control: Control<PaymentFormValues> }) => {
  const translate = useTranslate();
  const cardNumber = useWatch({ control, name: 'cardNumber' });
  const brand = cardBrandOf(cardNumber);
  return (
    <Grid container spacing={2}>
      <Grid size={12}>
        <FormTextField
          control={control}
          name="cardNumber"
          label="subscription.payment.fields.cardNumber"
          required
          format={formatCardNumber}
          autoComplete="cc-number"
          slotProps={{
            htmlInput: { inputMode: 'numeric' },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <CreditCardIcon fontSize="small" aria-hidden />
                  <Typography variant="caption" sx={{ ml: 0.5, minWidth: 48 }} data-testid="card-brand" aria-live="polite">
                    {brand?.niceType ?? ''}
                  </Typography>
                </InputAdornment>
              ),
            },
          }}
        />
      </Grid>
      <Grid size={6}>
        <FormTextField
          control={control}
          name="expiry"
          label="subscription.payment.fields.expiry"
          required
          format={formatExpiry}
          placeholder={translate('subscription.payment.expiry_placeholder')}
          autoComplete="cc-exp"
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
      </Grid>
      <Grid size={6}>
        <FormTextField
          control={control}
          name="cvc"
          label="subscription.payment.fields.cvc"
          required
          format={(value) => value.replace(/\D/g, '').slice(0, cvcLengthOf(cardNumber))}
          autoComplete="cc-csc"
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
      </Grid>
    </Grid>
  );
};
