import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { billingSchema, paymentSchema } from '../schemas/billing';
import type { SubscriptionPrice } from '../schemas/billing';
import {
  billingFormValues,
  callingCodeOf,
  cardBrandOf,
  countryOptions,
  cvcLengthOf,
  emptyPayment,
  formatCardNumber,
  formatExpiry,
  isEntryFromOutside,
  prefixAfterCountryChange,
  quoteRequestOf,
  serverFieldErrors,
  summaryRows,
  toBillingBody,
  toSubscribeRequest,
  type BillingFormValues,
} from './subscriptionModel';

const billing: BillingFormValues = {
  companyName: ' Demo Shop SAS ',
  invoiceEmail: 'billing@demo-shop.com',
  addressLine1: '1 rue de la Paix',
  addressLine2: '  ',
  postalCode: '75002',
  city: 'Paris',
  country: 'fr',
  phonePrefix: '+33',
  phoneNumber: '1 23 45 67 89',
  vatNumber: '',
  coupon: 'WELCOME20',
};

describe('subscription model', () => {
  it('[ROUTE-9] an entry without an in-app previous location is from outside', () => {
    expect(isEntryFromOutside({ key: 'default' })).toBe(true);
    expect(isEntryFromOutside({ key: 'x1y2z3' })).toBe(false);
  });

  it('[ENT-4] the billing body is trimmed, upper-cases the country and leaves blank optional fields out', () => {
    const body = toBillingBody(billing);
    expect(body).toEqual({
      companyName: 'Demo Shop SAS',
      invoiceEmail: 'billing@demo-shop.com',
      addressLine1: '1 rue de la Paix',
      postalCode: '75002',
      city: 'Paris',
      country: 'FR',
      phonePrefix: '+33',
      phoneNumber: '1 23 45 67 89',
      coupon: 'WELCOME20',
    });
    expect(billingSchema.safeParse(body).success).toBe(true);
  });

  it('[ENT-4] stored billing details and coupon pre-fill the form', () => {
    const values = billingFormValues({ ...toBillingBody(billing), coupon: undefined }, 'WELCOME20');
    expect(values.country).toBe('FR');
    expect(values.vatNumber).toBe('');
    expect(values.coupon).toBe('WELCOME20');
    expect(billingFormValues(null).companyName).toBe('');
  });

  it('[ST-4] [VAL-1] the card goes only into the subscribe request, compacted', () => {
    const request = toSubscribeRequest({ plan: 'professional', interval: 'year', domainsCount: 5 }, billing, {
      cardNumber: '4242 4242 4242 4242',
      expiry: '12 / 34',
      cvc: '123',
    });
    expect(request).toMatchObject({
      plan: 'professional',
      interval: 'year',
      domainsCount: 5,
      payment: { cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' },
    });
    expect(Object.keys(request)).not.toContain('price');
    expect(paymentSchema.safeParse(request.payment).success).toBe(true);
  });

  it('[VAL-1] card number grouped by brand, brand and CVC length recognised', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-4242-4242-4242-99999')).toBe('4242 4242 4242 4242999'); // Visa allows 19 digits; its gaps end at 12;
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(cardBrandOf('4242 42')?.type).toBe('visa');
    expect(cardBrandOf('5555 5555')?.niceType).toBe('Mastercard');
    expect(cardBrandOf('')).toBeNull();
    expect(cvcLengthOf('3782 822463 10005')).toBe(4);
    expect(cvcLengthOf('4242')).toBe(3);
  });

  it('[VAL-1] expiry is typed as MM/YY', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('123')).toBe('12/3');
    expect(formatExpiry('12345')).toBe('12/34');
    expect(formatExpiry('4')).toBe('04');
    expect(formatExpiry('12/34')).toBe('12/34');
    expect(emptyPayment).toEqual({ cardNumber: '', expiry: '', cvc: '' });
  });

  it('[VAL-3] countries are named in the UI language and sorted', () => {
    const en = countryOptions('en');
    const fr = countryOptions('fr');
    expect(en.find((c) => c.code === 'DE')?.name).toBe('Germany');
    expect(fr.find((c) => c.code === 'DE')?.name).toBe('Allemagne');
    expect(en.length).toBeGreaterThan(240);
    const names = fr.map((c) => c.name);
    expect([...names].sort((a, b) => a.localeCompare(b, 'fr'))).toEqual(names);
  });

  it('[VAL-3] the phone prefix follows the country unless another one was chosen', () => {
    expect(callingCodeOf('FR')).toBe('+33');
    expect(callingCodeOf('ZZ')).toBe('');
    expect(prefixAfterCountryChange('', false, 'DE')).toBe('+49');
    expect(prefixAfterCountryChange('+33', false, 'DE')).toBe('+49');
    expect(prefixAfterCountryChange('+44', true, 'DE')).toBe('+44');
    expect(prefixAfterCountryChange('+33', false, '')).toBe('+33');
  });

  it('[CONST-3] the quote asks with a real country and a well-formed coupon only', () => {
    const choice = { plan: 'essential', interval: 'month', domainsCount: 3 } as const;
    expect(quoteRequestOf(choice, '', '')).toEqual(choice);
    expect(quoteRequestOf(choice, 'fr', ' WELCOME20 ')).toEqual({ ...choice, country: 'FR', coupon: 'WELCOME20' });
    expect(quoteRequestOf(choice, 'XX', 'a')).toEqual(choice);
  });

  it('[BEYOND-6] one summary row per quote line, priced for the interval', () => {
    const price = {
      interval: 'year',
      lines: [
        { id: 1, canonicalDomain: 'shop.com', type: 'website', scanDepth: 5000, scanFrequency: 7, charged: true, monthlyCents: 2850, yearlyCents: 28500 },
        {
          id: 2,
          canonicalDomain: 'staging.shop.com',
          type: 'internal_alias',
          scanDepth: 500,
          scanFrequency: 7,
          charged: false,
          monthlyCents: 0,
          yearlyCents: 0,
        },
        { id: 'slot-1', canonicalDomain: '', type: 'website', scanDepth: 500, scanFrequency: 30, charged: true, monthlyCents: 900, yearlyCents: 9000 },
      ],
    } as unknown as SubscriptionPrice;
    expect(summaryRows(price)).toEqual([
      { key: '1', domain: 'shop.com', charged: true, depth: 'standard', frequency: 'weekly', cents: 28500 },
      { key: '2', domain: 'staging.shop.com', charged: false, depth: 'lite', frequency: 'weekly', cents: 0 },
      { key: 'slot-1', domain: null, charged: true, depth: 'lite', frequency: 'monthly', cents: 9000 },
    ]);
  });

  it('[ENT-5] server field errors are split by part of the body', () => {
    const error = new HttpError('app.error_already_notified', 402, {
      errors: { 'payment.cardNumber': 'Your card was declined.', 'billing.city': 'City is required.', domainsCount: 'Too low.' },
    });
    expect(serverFieldErrors(error, 'payment')).toEqual({ cardNumber: 'Your card was declined.' });
    expect(serverFieldErrors(error, 'billing')).toEqual({ city: 'City is required.' });
    expect(serverFieldErrors(error, '')).toHaveProperty('domainsCount', 'Too low.');
    expect(serverFieldErrors(new Error('network'), 'payment')).toEqual({});
  });
});
