import cardValidator from 'card-validator';
import isoCountries from 'i18n-iso-countries';
import { checkVAT, countries as vatCountries } from 'jsvat';
import { getCountryCallingCode, isSupportedCountry, isValidPhoneNumber, type CountryCode } from 'libphonenumber-js';
import { z } from 'zod';
import { BILLING_INTERVALS, PLANS, type BillingInterval, type Plan, type Quote } from '../shared/pricing';
import { billingValidationMessages } from './validationMessages';

/**
 * Subscription wizard data (ENT-4, VAL-1, VAL-3): billing details, card payment and the
 * subscription request. Shared by the dev API (authoritative) and the app's wizard (instant
 * feedback), so it stays browser-safe: no node imports. Error messages are message keys;
 * `billingValidationMessages` holds their English text.
 *
 * Coupons are only checked for their shape here: whether a code exists or has expired is the
 * server's knowledge (POST /subscriptions answers `validation.coupon_unknown` / `_expired`).
 */

// ---------------------------------------------------------------------------------------------
// Choices (ENT-5)

/** Both readings of the spec's payment types are valid values (ENT-5). */
export const PAYMENT_METHODS = ['stripe', 'individual', 'manual_stripe', 'external', 'free'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const SUBSCRIPTION_STATUSES = ['trial', 'active', 'waiting_for_payment', 'expiring', 'inactive'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const RELATION_STATES = ['individual', 'stripe_based_not_started', 'stripe_based_started', 'not_related'] as const;
export type RelationState = (typeof RELATION_STATES)[number];

// ---------------------------------------------------------------------------------------------
// VAT rule (VAL-3 "a VAT number is needed")

/** Decision: the provider invoices from France; its own country's customers pay French VAT. */
const SELLER_COUNTRY = 'FR';

const EU_COUNTRIES: ReadonlySet<string> = new Set([
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
]);

/**
 * Decision: every customer is a business (the company name is required), so a VAT number is
 * needed exactly when the invoice is reverse-charged: an EU country other than the seller's.
 * Elsewhere it is optional, but checked when given.
 */
export const vatNumberRequired = (country: string): boolean => EU_COUNTRIES.has(country) && country !== SELLER_COUNTRY;

/** jsvat spells Greece EL (the VAT prefix), every other country by its ISO code. */
const vatPrefix = (country: string): string => (country === 'GR' ? 'EL' : country);
const vatCountryCodes = new Set(vatCountries.flatMap((c) => c.codes));

/** Upper case without spaces, dots or dashes, with the country prefix added when missing. */
const normaliseVatNumber = (vatNumber: string, country: string): string => {
  const compact = vatNumber.toUpperCase().replace(/[\s.-]/g, '');
  const prefix = vatPrefix(country);
  return /^[A-Z]{2}/.test(compact) ? compact : `${prefix}${compact}`;
};

/** Format and check digits by country (jsvat); a country jsvat does not know accepts any 2-30 letters or digits. */
const isValidVatNumber = (vatNumber: string, country: string): boolean => {
  const normalised = normaliseVatNumber(vatNumber, country);
  const prefix = vatPrefix(country);
  if (!vatCountryCodes.has(prefix)) return /^[A-Z0-9]{2,30}$/.test(normalised);
  if (!normalised.startsWith(prefix)) return false;
  return checkVAT(normalised, vatCountries).isValid;
};

/** The applicable VAT rate: the seller's 20 % at home, 0 for reverse charge and exports. */
export const vatRateFor = (country: string): number => (country === SELLER_COUNTRY ? 0.2 : 0);

// ---------------------------------------------------------------------------------------------
// Messages

type BillingValidationMessageKey = keyof typeof billingValidationMessages;

// ---------------------------------------------------------------------------------------------
// Field helpers

type Key = BillingValidationMessageKey;

/** A required text: not a string or blank → `requiredKey`; longer than `max` → the max key. */
const requiredText = (requiredKey: Key, max: 255 | 500 = 255) =>
  z
    .string({ error: requiredKey })
    .trim()
    .min(1, { error: requiredKey, abort: true })
    .max(max, { error: max === 255 ? 'validation.max_length_255' : 'validation.max_length_500', abort: true });

/** An optional text: absent, null and blank (what an empty form field sends) all mean "none". */
const optionalText = (max: 255 | 500, format?: { pattern: RegExp; key: Key }) =>
  z.preprocess(
    (value) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value),
    (() => {
      let s = z
        .string({ error: 'validation.required' })
        .trim()
        .max(max, max === 255 ? 'validation.max_length_255' : 'validation.max_length_500');
      if (format) s = s.regex(format.pattern, format.key);
      return s.optional();
    })(),
  );

const isAlpha2 = (value: string): boolean => /^[A-Z]{2}$/.test(value) && isoCountries.isValid(value);

// ---------------------------------------------------------------------------------------------
// Billing (ENT-4, VAL-3)

export const billingSchema = z
  .object(
    {
      companyName: requiredText('validation.company_name_required'),
      invoiceEmail: z
        .string({ error: 'validation.email_required' })
        .trim()
        .min(1, { error: 'validation.email_required', abort: true })
        .min(2, { error: 'validation.email_length', abort: true })
        .max(255, { error: 'validation.email_length', abort: true })
        .pipe(z.email('validation.email_invalid')),
      // Decision: address lines may be long (building, floor, c/o…), so they get the 500 maximum.
      addressLine1: requiredText('validation.address_required', 500),
      addressLine2: optionalText(500),
      postalCode: requiredText('validation.postal_code_required').regex(/^[A-Za-z0-9][A-Za-z0-9 -]{1,11}$/, 'validation.postal_code_invalid'),
      city: requiredText('validation.city_required'),
      country: z
        .string({ error: 'validation.country_required' })
        .trim()
        .min(1, { error: 'validation.country_required', abort: true })
        .refine(isAlpha2, 'validation.country_invalid'),
      phonePrefix: z
        .string({ error: 'validation.phone_prefix_required' })
        .trim()
        .min(1, { error: 'validation.phone_prefix_required', abort: true })
        .regex(/^\+\d{1,4}$/, 'validation.phone_prefix_invalid'),
      phoneNumber: requiredText('validation.phone_required').regex(/^[\d ()./-]{4,20}$/, 'validation.phone_invalid'),
      vatNumber: optionalText(255),
      coupon: optionalText(255, { pattern: /^[A-Za-z0-9_-]{2,40}$/, key: 'validation.coupon_invalid' }),
    },
    { error: 'validation.required' },
  )
  .superRefine((billing, ctx) => {
    // Cross-field rules. Zod may skip this refinement after an aborting field error, so the
    // API also runs `checkBillingCrossFields` on the raw body to report everything at once.
    for (const issue of checkBillingCrossFields(billing)) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.key });
  });
export type BillingDetails = z.infer<typeof billingSchema>;

/** The rules that need the country: phone prefix and number, VAT number. */
export const checkBillingCrossFields = (billing: {
  country?: unknown;
  phonePrefix?: unknown;
  phoneNumber?: unknown;
  vatNumber?: unknown;
}): Array<{ path: 'phonePrefix' | 'phoneNumber' | 'vatNumber'; key: Key }> => {
  const issues: Array<{ path: 'phonePrefix' | 'phoneNumber' | 'vatNumber'; key: Key }> = [];
  const country = typeof billing.country === 'string' ? billing.country.trim() : '';
  if (!isAlpha2(country)) return issues;
  const prefix = typeof billing.phonePrefix === 'string' ? billing.phonePrefix.trim() : '';
  const number = typeof billing.phoneNumber === 'string' ? billing.phoneNumber.trim() : '';
  if (isSupportedCountry(country)) {
    const callingCode = `+${getCountryCallingCode(country as CountryCode)}`;
    if (prefix !== '' && prefix !== callingCode) issues.push({ path: 'phonePrefix', key: 'validation.phone_prefix_invalid' });
    else if (number !== '' && !isValidPhoneNumber(number, country as CountryCode)) issues.push({ path: 'phoneNumber', key: 'validation.phone_invalid' });
  }
  const vat = typeof billing.vatNumber === 'string' ? billing.vatNumber.trim() : '';
  if (vat === '') {
    if (vatNumberRequired(country)) issues.push({ path: 'vatNumber', key: 'validation.vat_number_required' });
  } else if (!isValidVatNumber(vat, country)) {
    issues.push({ path: 'vatNumber', key: 'validation.vat_number_invalid' });
  }
  return issues;
};

// ---------------------------------------------------------------------------------------------
// Card payment (ENT-4, VAL-1)

/** Digits only: people type spaces and dashes between groups. */
export const compactCardNumber = (value: string): string => value.replace(/[\s-]/g, '');

export const paymentSchema = z
  .object(
    {
      cardNumber: z
        .string({ error: 'validation.card_number_required' })
        .trim()
        .min(1, { error: 'validation.card_number_required', abort: true })
        .transform(compactCardNumber)
        .refine((n) => cardValidator.number(n).isValid, 'validation.card_number_invalid'),
      /** MM/YY or MM/YYYY. */
      expiry: z
        .string({ error: 'validation.card_expiry_required' })
        .trim()
        .min(1, { error: 'validation.card_expiry_required', abort: true })
        .refine((e) => /^\d{1,2}\s*\/\s*\d{2}(\d{2})?$/.test(e) && cardValidator.expirationDate(e).isValid, 'validation.card_expiry_invalid'),
      cvc: z
        .string({ error: 'validation.card_cvc_required' })
        .trim()
        .min(1, { error: 'validation.card_cvc_required', abort: true })
        .regex(/^\d{3,4}$/, 'validation.card_cvc_invalid'),
    },
    { error: 'validation.required' },
  )
  .superRefine((payment, ctx) => {
    // American Express has a 4-digit CVC, the others 3 (runs once the number itself is valid).
    const size = cardValidator.number(payment.cardNumber).card?.code.size ?? 3;
    if (/^\d{3,4}$/.test(payment.cvc) && payment.cvc.length !== size) ctx.addIssue({ code: 'custom', path: ['cvc'], message: 'validation.card_cvc_invalid' });
  });

/** Month and full year of a valid `expiry`. */
export const parseExpiry = (expiry: string): { month: number; year: number } => {
  const parsed = cardValidator.expirationDate(expiry);
  const month = Number(parsed.month);
  const year = Number(parsed.year);
  return { month, year: year < 100 ? 2000 + year : year };
};

// ---------------------------------------------------------------------------------------------
// Subscription request (POST /subscriptions)

export const MAX_DOMAINS_COUNT = 1000;

/**
 * Start or change a subscription. There is deliberately no price field: the server computes
 * every amount, and any figure the client adds is dropped unread (PROD-4).
 */
export const subscriptionRequestSchema = z.object({
  plan: z.enum(PLANS, { error: 'validation.plan_invalid' }),
  interval: z.enum(BILLING_INTERVALS, { error: 'validation.billing_interval_invalid' }),
  domainsCount: z
    .number({ error: 'validation.domains_count_invalid' })
    .int('validation.domains_count_invalid')
    .min(1, 'validation.domains_count_invalid')
    .max(MAX_DOMAINS_COUNT, 'validation.domains_count_invalid'),
  /** Defaults to the account's method, else `stripe`; `free` and the non-card methods are admin-only. */
  paymentMethod: z.enum(PAYMENT_METHODS, { error: 'validation.payment_type_invalid' }).optional(),
  billing: billingSchema.optional(),
  payment: paymentSchema.optional(),
});
export type SubscriptionRequest = z.infer<typeof subscriptionRequestSchema>;

/** PAY-1: POST /subscriptions/preview, the change of a running subscription to show before it is made. */
export const subscriptionChangeRequestSchema = subscriptionRequestSchema.pick({ plan: true, interval: true, domainsCount: true });

/** PAY-1: PUT /subscriptions/card, a new card for the renewals (the same fields as the wizard's payment step). */
export const cardChangeRequestSchema = z.object({ payment: paymentSchema });

/** POST /subscriptions/quote: a preview of what POST /subscriptions would charge. */
export const subscriptionQuoteRequestSchema = z.object({
  plan: subscriptionRequestSchema.shape.plan,
  interval: subscriptionRequestSchema.shape.interval,
  domainsCount: subscriptionRequestSchema.shape.domainsCount.optional(),
  country: z.string().trim().refine(isAlpha2, 'validation.country_invalid').optional(),
  coupon: optionalText(255, { pattern: /^[A-Za-z0-9_-]{2,40}$/, key: 'validation.coupon_invalid' }),
});
export type SubscriptionQuoteRequest = z.infer<typeof subscriptionQuoteRequestSchema>;

/** `POST /subscriptions/quote` and the `price` of `GET /subscriptions`: every figure is the server's. */
export interface SubscriptionPrice {
  currency: string;
  priceTableVersion: string;
  plan: Plan;
  interval: BillingInterval;
  /** One line per domain (aliases at 0) plus one per unused slot (id `slot-N`, empty domain). */
  lines: Quote['lines'];
  publicDomainCount: number;
  domainsCount: number;
  monthlyTotalCents: number;
  yearlyTotalCents: number;
  /** For the chosen interval, before coupon and VAT. */
  netCents: number;
  coupon: { code: string; percentOff: number } | null;
  discountCents: number;
  vatRate: number;
  vatCents: number;
  totalCents: number;
}
