import cardValidator from 'card-validator';
import isoCountries from 'i18n-iso-countries';
import countriesEn from 'i18n-iso-countries/langs/en.json';
import countriesFr from 'i18n-iso-countries/langs/fr.json';
import { getCountries, getCountryCallingCode, isSupportedCountry, type CountryCode } from 'libphonenumber-js';
import { compactCardNumber, type BillingDetails } from '../schemas/billing';
import { SCAN_DEPTH_LABELS, scanFrequencyFromDays, type ScanDepthLabel, type ScanFrequencyName } from '../schemas/domain';
import type { BillingInterval, Plan } from '../shared/pricing';
import type { SubscriptionPrice } from '../schemas/billing';
import type { QuoteRequest, SubscribeRequest, Subscription } from '../schemas/subscription';

/** Pure transforms of the subscription wizard (form values ↔ API bodies, display helpers). */

// ---------------------------------------------------------------------------------------------
// Steps and routes (ROUTE-9)

export const WIZARD_STEPS = ['overview', 'billing', 'payment'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

const SUBSCRIPTION_ROOT = '/subscription';
export const stepPath = (step: WizardStep | 'success'): string => `${SUBSCRIPTION_ROOT}/${step}/`;

/**
 * ROUTE-9: whether a location was reached from outside the app. react-router gives the first
 * location of a page load the key `default`; every in-app navigation (link, navigate) gets a
 * fresh key. So `default` means a typed URL, a bookmark or an external link: no in-app
 * previous page, and no wizard choices made in this page's memory either.
 */
export const isEntryFromOutside = (location: { key: string }): boolean => location.key === 'default';

// ---------------------------------------------------------------------------------------------
// Plan choice

export interface PlanChoice {
  plan: Plan;
  interval: BillingInterval;
  /** Public-domain slots bought (at least the account's public domains). */
  domainsCount: number;
}

/** The wizard starts from what the account has (or the server's defaults for a trial). */
export const initialChoice = (subscription: Pick<Subscription, 'plan' | 'interval' | 'domainsCount'>): PlanChoice => ({
  plan: subscription.plan,
  interval: subscription.interval,
  domainsCount: subscription.domainsCount,
});

// ---------------------------------------------------------------------------------------------
// Billing form

/** What the billing form edits: every field a string (inputs never hold undefined). */
export type BillingFormValues = { [K in keyof BillingDetails]-?: string };

const BILLING_FIELDS = [
  'companyName',
  'invoiceEmail',
  'addressLine1',
  'addressLine2',
  'postalCode',
  'city',
  'country',
  'phonePrefix',
  'phoneNumber',
  'vatNumber',
  'coupon',
] as const satisfies ReadonlyArray<keyof BillingFormValues>;

const emptyBilling: BillingFormValues = Object.fromEntries(BILLING_FIELDS.map((field) => [field, ''])) as BillingFormValues;

/** The stored billing details as form values; the stored coupon (if any) pre-fills the field. */
export const billingFormValues = (stored: BillingDetails | null | undefined, couponCode?: string | null): BillingFormValues => {
  const values = { ...emptyBilling };
  for (const field of BILLING_FIELDS) {
    const value = stored?.[field];
    if (typeof value === 'string') values[field] = value;
  }
  if (values.coupon === '' && couponCode) values.coupon = couponCode;
  return values;
};

/** The billing body: trimmed, blank optional fields left out (the schema reads them as "none"). */
export const toBillingBody = (values: BillingFormValues): BillingDetails => {
  const body: Record<string, string> = {};
  for (const field of BILLING_FIELDS) {
    const value = values[field].trim();
    if (value !== '') body[field] = field === 'country' ? value.toUpperCase() : value;
  }
  return body as BillingDetails;
};

// ---------------------------------------------------------------------------------------------
// Payment form (VAL-1)

export interface PaymentFormValues {
  cardNumber: string;
  expiry: string;
  cvc: string;
}

export const emptyPayment: PaymentFormValues = { cardNumber: '', expiry: '', cvc: '' };

/** POST /subscriptions: the plan choice, the billing details and, only here, the card (ST-4). */
export const toSubscribeRequest = (choice: PlanChoice, billing: BillingFormValues, payment: PaymentFormValues): SubscribeRequest => ({
  plan: choice.plan,
  interval: choice.interval,
  domainsCount: choice.domainsCount,
  billing: toBillingBody(billing),
  payment: { cardNumber: compactCardNumber(payment.cardNumber.trim()), expiry: payment.expiry.replace(/\s/g, ''), cvc: payment.cvc.trim() },
});

const DEFAULT_GAPS = [4, 8, 12];
const DEFAULT_MAX_LENGTH = 19;

/** The card brand the number starts like (card-validator), e.g. `visa`, or null while unknown. */
export const cardBrandOf = (cardNumber: string): { type: string; niceType: string } | null => {
  const card = cardValidator.number(compactCardNumber(cardNumber)).card;
  return card ? { type: card.type, niceType: card.niceType } : null;
};

/** Digits grouped the way the brand prints them (4-4-4-4, Amex 4-6-5), capped at its longest length. */
export const formatCardNumber = (input: string): string => {
  const digits = input.replace(/\D/g, '');
  const card = cardValidator.number(digits).card;
  const gaps = card?.gaps ?? DEFAULT_GAPS;
  const maxLength = card ? Math.max(...card.lengths) : DEFAULT_MAX_LENGTH;
  const capped = digits.slice(0, maxLength);
  let formatted = '';
  for (let i = 0; i < capped.length; i++) {
    if (gaps.includes(i)) formatted += ' ';
    formatted += capped[i];
  }
  return formatted;
};

/** MM/YY while typing: the slash appears after the month; a first digit above 1 is a month (4 → 04). */
export const formatExpiry = (input: string): string => {
  let digits = input.replace(/\D/g, '');
  if (/^[2-9]/.test(digits)) digits = `0${digits}`;
  digits = digits.slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
};

/** The CVC length of the brand (4 for American Express), 3 while unknown. */
export const cvcLengthOf = (cardNumber: string): number => cardValidator.number(compactCardNumber(cardNumber)).card?.code.size ?? 3;

// ---------------------------------------------------------------------------------------------
// Countries and phone prefixes (VAL-3)

isoCountries.registerLocale(countriesEn);
isoCountries.registerLocale(countriesFr);

export interface CountryOption {
  code: string;
  name: string;
}

/** Every ISO 3166-1 country, named in the UI language (English for any other), sorted by name. */
export const countryOptions = (locale: string): CountryOption[] => {
  const language = locale.startsWith('fr') ? 'fr' : 'en';
  const names = isoCountries.getNames(language, { select: 'official' });
  return Object.entries(names)
    .map(([code, name]) => ({ code, name }))
    .sort((a, b) => a.name.localeCompare(b.name, language));
};

/** `+33` for FR; empty when libphonenumber-js has no calling code for the country. */
export const callingCodeOf = (country: string): string => (isSupportedCountry(country) ? `+${getCountryCallingCode(country as CountryCode)}` : '');

export interface PhonePrefixOption {
  country: string;
  prefix: string;
}

/** The prefix picker's choices: one per country libphonenumber-js knows, with its calling code. */
export const phonePrefixOptions = (): PhonePrefixOption[] => getCountries().map((country) => ({ country, prefix: `+${getCountryCallingCode(country)}` }));

/**
 * The prefix to show after the country changes: the new country's calling code, unless the
 * person picked a prefix themselves (a number abroad) or the country has none we know.
 */
export const prefixAfterCountryChange = (currentPrefix: string, pickedByPerson: boolean, nextCountry: string): string => {
  const next = callingCodeOf(nextCountry);
  return pickedByPerson || next === '' ? currentPrefix : next;
};

// ---------------------------------------------------------------------------------------------
// Summary (BEYOND-6, CONST-3)

const COUPON_SHAPE = /^[A-Za-z0-9_-]{2,40}$/;

/** The quote body: the country only once it is a real one, the coupon only once it has a coupon's shape. */
export const quoteRequestOf = (choice: PlanChoice, country: string, coupon: string): QuoteRequest => {
  const code = country.trim().toUpperCase();
  const couponCode = coupon.trim();
  return {
    plan: choice.plan,
    interval: choice.interval,
    domainsCount: choice.domainsCount,
    ...(isoCountries.isValid(code) && /^[A-Z]{2}$/.test(code) ? { country: code } : {}),
    ...(COUPON_SHAPE.test(couponCode) ? { coupon: couponCode } : {}),
  };
};

interface SummaryRow {
  key: string;
  /** Null for an unused slot. */
  domain: string | null;
  charged: boolean;
  depth: ScanDepthLabel;
  frequency: ScanFrequencyName | undefined;
  /** For the chosen interval. */
  cents: number;
}

/** One row per line of the server's quote, priced for the chosen interval. */
export const summaryRows = (price: SubscriptionPrice): SummaryRow[] =>
  price.lines.map((line, index) => ({
    key: String(line.id ?? `line-${index}`),
    domain: line.canonicalDomain === '' ? null : line.canonicalDomain,
    charged: line.charged,
    depth: SCAN_DEPTH_LABELS[line.scanDepth],
    frequency: scanFrequencyFromDays(line.scanFrequency),
    cents: price.interval === 'month' ? line.monthlyCents : line.yearlyCents,
  }));

// ---------------------------------------------------------------------------------------------
// Errors

/**
 * The server's field errors of one part of the body (`payment.cvc` → `cvc` for prefix
 * `payment`; every path for the prefix ''), from the HttpError a failed dataProvider call rejects with (`body.errors`, already translated).
 */
export const serverFieldErrors = (error: unknown, prefix: string): Record<string, string> => {
  const errors = (error as { body?: { errors?: unknown } } | null)?.body?.errors;
  if (typeof errors !== 'object' || errors === null) return {};
  const result: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    if (typeof message !== 'string') continue;
    if (prefix === '') result[path] = message;
    else if (path.startsWith(`${prefix}.`)) result[path.slice(prefix.length + 1)] = message;
  }
  return result;
};
