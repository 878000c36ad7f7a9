import { useEffect, useMemo, useRef, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { billingSchema, vatNumberRequired } from '../schemas/billing';
import { FormTextField } from './FormTextField';
import {
  countryOptions,
  phonePrefixOptions,
  prefixAfterCountryChange,
  quoteRequestOf,
  stepPath,
  type BillingFormValues,
  type CountryOption,
  type PhonePrefixOption,
} from './subscriptionModel';
import { schemaResolver } from '../schemas/formResolver';
import type { AppDataProvider } from '../providers/dataProvider';
import { SubmitButton } from '../components/SubmitButton';
import { quoteQuery } from './useQuote';
import { useWizardState } from './WizardState';

const resolver = schemaResolver<BillingFormValues>(billingSchema);
const label = (field: keyof BillingFormValues) => `subscription.billing.fields.${field}`;

/** Step 2 (ENT-4, VAL-3): who is invoiced. Checked by the shared billing schema before moving on. */
export const BillingStep = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [locale = 'en'] = useLocaleState();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { choice, billing, setBilling, setQuoteCountry, setQuoteCoupon, billingServerErrors, setBillingServerErrors } = useWizardState();
  const [checkingCoupon, setCheckingCoupon] = useState(false);
  const { control, handleSubmit, getValues, setValue, setError } = useForm<BillingFormValues>({
    defaultValues: billing,
    resolver,
    mode: 'onTouched',
  });
  // Once the person picks a prefix themselves, a country change no longer overrides it.
  const prefixPicked = useRef(false);
  const countries = useMemo(() => countryOptions(locale), [locale]);
  const countryNames = useMemo(() => new Map(countries.map((c) => [c.code, c.name])), [countries]);
  const prefixes = useMemo(
    () =>
      phonePrefixOptions()
        .filter((option) => countryNames.has(option.country))
        .sort((a, b) => (countryNames.get(a.country) ?? '').localeCompare(countryNames.get(b.country) ?? '', locale)),
    [countryNames, locale],
  );
  const country = useWatch({ control, name: 'country' });

  // What was typed survives leaving this step any way (browser back, the menu, the banner's
  // Subscribe button), not only through the Back button.
  useEffect(() => () => setBilling(getValues()), [getValues, setBilling]);

  // Violations of the final request that belong here (the payment step sent us back).
  useEffect(() => {
    const entries = Object.entries(billingServerErrors);
    if (entries.length === 0) return;
    for (const [field, message] of entries) setError(field as keyof BillingFormValues, { type: 'server', message }, { shouldFocus: true });
    setBillingServerErrors({});
  }, [billingServerErrors, setBillingServerErrors, setError]);

  // MUI's own texts of the pickers, in the UI language.
  const pickerTexts = {
    noOptionsText: translate('subscription.billing.picker.no_options'),
    clearText: translate('subscription.billing.picker.clear'),
    openText: translate('subscription.billing.picker.open'),
    closeText: translate('subscription.billing.picker.close'),
  };

  const onSubmit = handleSubmit(async (values) => {
    setBilling(values);
    setQuoteCoupon(values.coupon);
    // A coupon the server refuses stops here, on its field: it would fail the payment otherwise.
    const request = quoteRequestOf(choice, values.country, values.coupon);
    if (request.coupon) {
      setCheckingCoupon(true);
      try {
        const { couponError } = await queryClient.fetchQuery(quoteQuery(dataProvider, request));
        if (couponError !== null) {
          setError('coupon', { type: 'server', message: couponError }, { shouldFocus: true });
          return;
        }
      } catch {
        // The quote itself failed (its toast says why); the payment step's request checks again.
      } finally {
        setCheckingCoupon(false);
      }
    }
    navigate(stepPath('payment'));
  });

  const goBack = () => {
    // Keep what was typed, valid or not, for the way back.
    setBilling(getValues());
    navigate(stepPath('overview'));
  };

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby="subscription-billing-title">
      <Typography id="subscription-billing-title" component="h2" variant="h6" gutterBottom>
        {translate('subscription.billing.title')}
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField control={control} name="companyName" label={label('companyName')} required autoComplete="organization" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField control={control} name="invoiceEmail" label={label('invoiceEmail')} required type="email" autoComplete="email" />
        </Grid>
        <Grid size={12}>
          <FormTextField control={control} name="addressLine1" label={label('addressLine1')} required autoComplete="address-line1" />
        </Grid>
        <Grid size={12}>
          <FormTextField control={control} name="addressLine2" label={label('addressLine2')} autoComplete="address-line2" />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormTextField control={control} name="postalCode" label={label('postalCode')} required autoComplete="postal-code" />
        </Grid>
        <Grid size={{ xs: 12, sm: 8 }}>
          <FormTextField control={control} name="city" label={label('city')} required autoComplete="address-level2" />
        </Grid>
        <Grid size={12}>
          <Controller
            name="country"
            control={control}
            render={({ field, fieldState }) => (
              <Autocomplete<CountryOption, false, false, false>
                options={countries}
                value={countries.find((option) => option.code === field.value) ?? null}
                getOptionLabel={(option) => option.name}
                isOptionEqualToValue={(option, value) => option.code === value.code}
                autoHighlight
                {...pickerTexts}
                onChange={(_event, option) => {
                  const next = option?.code ?? '';
                  setValue('phonePrefix', prefixAfterCountryChange(getValues('phonePrefix'), prefixPicked.current, next));
                  field.onChange(next);
                  setQuoteCountry(next);
                }}
                onBlur={field.onBlur}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    inputRef={field.ref}
                    required
                    label={translate(label('country'))}
                    error={fieldState.error !== undefined}
                    helperText={fieldState.error?.message ? translate(fieldState.error.message, { _: fieldState.error.message }) : undefined}
                    slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, autoComplete: 'country-name' } }}
                  />
                )}
              />
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 5 }}>
          <Controller
            name="phonePrefix"
            control={control}
            render={({ field, fieldState }) => (
              <Autocomplete<PhonePrefixOption, false, false, false>
                options={prefixes}
                // Several countries share a prefix (+1, +44…): show the billing country's when it fits.
                value={
                  prefixes.find((option) => option.prefix === field.value && option.country === country) ??
                  prefixes.find((option) => option.prefix === field.value) ??
                  null
                }
                getOptionLabel={(option) => `${option.prefix} ${countryNames.get(option.country) ?? option.country}`}
                isOptionEqualToValue={(option, value) => option.country === value.country}
                autoHighlight
                {...pickerTexts}
                onChange={(_event, option) => {
                  prefixPicked.current = true;
                  field.onChange(option?.prefix ?? '');
                }}
                onBlur={field.onBlur}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    inputRef={field.ref}
                    required
                    label={translate(label('phonePrefix'))}
                    error={fieldState.error !== undefined}
                    helperText={fieldState.error?.message ? translate(fieldState.error.message, { _: fieldState.error.message }) : undefined}
                  />
                )}
              />
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 7 }}>
          <FormTextField control={control} name="phoneNumber" label={label('phoneNumber')} required type="tel" autoComplete="tel-national" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            control={control}
            name="vatNumber"
            label={label('vatNumber')}
            required={vatNumberRequired(country)}
            helperText={translate(vatNumberRequired(country) ? 'subscription.billing.vat_required_help' : 'subscription.billing.vat_optional_help')}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            control={control}
            name="coupon"
            label={label('coupon')}
            helperText={translate('subscription.billing.coupon_help')}
            // The summary applies a coupon once it is typed out, not at every keystroke.
            onBlur={(event) => setQuoteCoupon(event.target.value)}
          />
        </Grid>
      </Grid>
      <Box sx={{ mt: 3, display: 'flex', justifyContent: 'space-between', gap: 2 }}>
        <Button onClick={goBack}>{translate('subscription.actions.back')}</Button>
        <SubmitButton loading={checkingCoupon} fullWidth={false}>
          {translate('subscription.actions.continue_to_payment')}
        </SubmitButton>
      </Box>
    </Box>
  );
};
