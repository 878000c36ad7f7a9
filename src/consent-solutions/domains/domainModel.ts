import type { Identifier } from 'react-admin';
import {
  DEFAULT_SCAN_DEPTH,
  DOMAIN_TYPES,
  isPublicDomainType,
  DEFAULT_SCAN_FREQUENCY_DAYS,
  SCAN_DEPTHS,
  SCAN_DEPTH_LABELS,
  domainCreateSchema,
  domainUpdateSchema,
  scanFrequencyFromDays,
  type DomainType,
  type ScanDepth,
  type ScanFrequencyDays,
} from '../../schemas/domain';
import type { LanguageCode } from '../../shared/languages';
import { domainMonthlyCents, type Plan, type PriceTable } from '../../shared/pricing';

/**
 * Pure transforms of the domain screens (ROUTE-16, ENT-1): API records to labels and form
 * values to API bodies. No React here, so every rule has a plain unit test.
 */

/** A domain as `GET /domains` answers it (docs/api.md, "Consent solutions and domains"). */
export type { DomainRecord } from '../../schemas/domain';

/** The domain fields a form edits, as the API names them, so server violations land on them. */
export interface DomainFormValues {
  canonicalDomain: string;
  type: DomainType;
  defaultLanguage: LanguageCode | '';
  scanDepth: ScanDepth;
  scanFrequency: ScanFrequencyDays;
}

interface DomainCreateBody {
  consentSolutionId: Identifier;
  canonicalDomain: string;
  type: DomainType;
  defaultLanguage: LanguageCode;
  scanDepth: ScanDepth;
  scanFrequency: ScanFrequencyDays;
}

type DomainUpdateBody = Pick<DomainCreateBody, 'defaultLanguage' | 'scanDepth' | 'scanFrequency'>;

/** Scanner defaults of an account (`subscription.defaultDomainSettings`, snake_case in the API). */
export interface ScannerDefaults {
  scanDepth: ScanDepth;
  scanFrequency: ScanFrequencyDays;
}

const isScanDepth = (value: unknown): value is ScanDepth => (SCAN_DEPTHS as readonly unknown[]).includes(value);

/**
 * The account's defaultDomainSettings when they hold valid values, else the sample account's
 * 500 pages weekly (ENT-6). Each value falls back on its own: a bad depth keeps a good frequency.
 */
export const scannerDefaultsFrom = (settings: unknown): ScannerDefaults => {
  const raw = typeof settings === 'object' && settings !== null ? (settings as Record<string, unknown>) : {};
  const depth = Number(raw.scan_depth);
  // Number(null) and Number('') are 0, which is a real frequency ("no scan"): only numbers
  // and numeric strings count as a setting.
  const frequency =
    typeof raw.scan_frequency === 'number' || (typeof raw.scan_frequency === 'string' && raw.scan_frequency !== '') ? Number(raw.scan_frequency) : Number.NaN;
  return {
    scanDepth: isScanDepth(depth) ? depth : DEFAULT_SCAN_DEPTH,
    scanFrequency: scanFrequencyFromDays(frequency) === undefined ? DEFAULT_SCAN_FREQUENCY_DAYS : (frequency as ScanFrequencyDays),
  };
};

/** Translation key of a frequency in days ("Weekly"); the raw number for an unknown one. */
export const scanFrequencyLabelKey = (days: number): string => {
  const name = scanFrequencyFromDays(days);
  return name === undefined ? String(days) : `resources.domains.frequencies.${name}`;
};

export const scanDepthLabelKey = (depth: ScanDepth): string => `resources.domains.depths.${SCAN_DEPTH_LABELS[depth]}`;

export const domainTypeLabelKey = (type: DomainType): string => `resources.domains.types.${type}`;

/** Select choices; names are translation keys, react-admin translates them. */
export const domainTypeChoices = DOMAIN_TYPES.map((id) => ({ id, name: domainTypeLabelKey(id) }));
export const scanDepthChoices = SCAN_DEPTHS.map((id) => ({ id, name: scanDepthLabelKey(id) }));
export const scanFrequencyChoices = ([1, 7, 30, 0] as const).map((id) => ({ id, name: scanFrequencyLabelKey(id) }));

/** Initial values of the add-domain form. */
export const domainCreateDefaults = (defaults: ScannerDefaults, defaultLanguage: LanguageCode | ''): DomainFormValues => ({
  canonicalDomain: '',
  type: 'website',
  defaultLanguage,
  scanDepth: defaults.scanDepth,
  scanFrequency: defaults.scanFrequency,
});

/**
 * `POST /domains` body. It goes through the shared schema (VAL-4) so the API receives exactly
 * what the form validated: trimmed domain, known choices, nothing else.
 */
export const toDomainCreateBody = (consentSolutionId: Identifier, values: DomainFormValues): DomainCreateBody => ({
  consentSolutionId,
  ...domainCreateSchema.parse(values),
});

/**
 * `PATCH /domains/{id}` body: only what may change. Canonical domain and type are left out on
 * purpose: the API refuses any attempt to change them (`error.backend.domain_immutable`).
 */
export const toDomainUpdateBody = (values: DomainFormValues): DomainUpdateBody => domainUpdateSchema.parse(values);

/** What a domain's scanner settings cost per month on `plan`; 0 for aliases (PROD-4). */
const domainPriceCents = (table: PriceTable, domain: Pick<DomainFormValues, 'type' | 'scanDepth' | 'scanFrequency'>, plan: Plan): number =>
  domainMonthlyCents(table, { canonicalDomain: '', ...domain }, plan);

/** Whether the edit touched what drives the price, so the preview has something to say. */
const scannerSettingsChanged = (
  before: Pick<DomainFormValues, 'scanDepth' | 'scanFrequency'>,
  after: Pick<DomainFormValues, 'scanDepth' | 'scanFrequency'>,
): boolean => before.scanDepth !== after.scanDepth || before.scanFrequency !== after.scanFrequency;

/** The plan prices are previewed on: the account's subscription type when it names one. */
export const planOf = (subscription: unknown): Plan => {
  const type = typeof subscription === 'object' && subscription !== null ? (subscription as Record<string, unknown>).subscriptionType : undefined;
  return type === 'professional' ? 'professional' : 'essential';
};

type PricedSettings = Pick<DomainFormValues, 'type' | 'scanDepth' | 'scanFrequency'>;

/** What the price preview says (PROD-4, BEYOND-6). */
type PricePreview =
  /** An alias: never charged, whatever the settings. */
  | { kind: 'not_charged' }
  /** A new public domain: what it adds per month. */
  | { kind: 'adds'; monthlyCents: number }
  /** An edit that changes the price: the difference, and the new monthly price. */
  | { kind: 'change'; deltaCents: number; monthlyCents: number }
  /** An edit that leaves the scanner settings as they were. */
  | { kind: 'unchanged'; monthlyCents: number };

/**
 * The preview for a new domain (`before` null) or an edit. Settings that are not (yet) valid
 * choices give null: the form shows the field error, not a made-up price.
 */
export const pricePreview = (table: PriceTable, before: PricedSettings | null, after: PricedSettings, plan: Plan): PricePreview | null => {
  if (!(SCAN_DEPTHS as readonly unknown[]).includes(after.scanDepth) || scanFrequencyFromDays(after.scanFrequency) === undefined) return null;
  const type = before?.type ?? after.type;
  if (!isPublicDomainType(type)) return { kind: 'not_charged' };
  const monthlyCents = domainPriceCents(table, { ...after, type }, plan);
  if (before === null) return { kind: 'adds', monthlyCents };
  if (!scannerSettingsChanged(before, after)) return { kind: 'unchanged', monthlyCents };
  return { kind: 'change', deltaCents: monthlyCents - domainPriceCents(table, before, plan), monthlyCents };
};
