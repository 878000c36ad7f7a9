/**
 * The domain types, scan depths and scan frequencies (ENT-1) without the domain schema: the
 * consent-solution list and the status chips need them, not zod and tldts (docs/performance.md).
 * src/schemas/domain.ts re-exports all of them.
 */

export const DOMAIN_TYPES = ['website', 'internal_alias', 'external_alias'] as const;
export type DomainType = (typeof DOMAIN_TYPES)[number];

/** Only public domains are charged (PROD-4); the aliases are test domains. */
const PUBLIC_DOMAIN_TYPE = 'website' satisfies DomainType;
export const isPublicDomainType = (type: DomainType): boolean => type === PUBLIC_DOMAIN_TYPE;

export const SCAN_DEPTHS = [500, 5000, 15000] as const;
export type ScanDepth = (typeof SCAN_DEPTHS)[number];
export type ScanDepthLabel = 'lite' | 'standard' | 'large';
export const SCAN_DEPTH_LABELS: Readonly<Record<ScanDepth, ScanDepthLabel>> = { 500: 'lite', 5000: 'standard', 15000: 'large' };

/**
 * ENT-1 decision: the stored `scan_frequency` is the number of days between scans (the sample
 * account holds 7), while the forms show names. 0 means the domain is never scanned.
 */
export const SCAN_FREQUENCY_DAYS = { daily: 1, weekly: 7, monthly: 30, no_scan: 0 } as const;
export type ScanFrequencyName = keyof typeof SCAN_FREQUENCY_DAYS;
export type ScanFrequencyDays = (typeof SCAN_FREQUENCY_DAYS)[ScanFrequencyName];
export const SCAN_FREQUENCY_NAMES = ['daily', 'weekly', 'monthly', 'no_scan'] as const satisfies readonly ScanFrequencyName[];
export const SCAN_FREQUENCY_DAY_VALUES = [1, 7, 30, 0] as const satisfies readonly ScanFrequencyDays[];

export const scanFrequencyToDays = (name: ScanFrequencyName): ScanFrequencyDays => SCAN_FREQUENCY_DAYS[name];

/** The name for a stored day count; undefined for a number that is not one of the options. */
export const scanFrequencyFromDays = (days: number): ScanFrequencyName | undefined => SCAN_FREQUENCY_NAMES.find((name) => SCAN_FREQUENCY_DAYS[name] === days);

/** Fallbacks when an account has no defaultDomainSettings; they match the sample account (ENT-6). */
export const DEFAULT_SCAN_DEPTH: ScanDepth = 500;
export const DEFAULT_SCAN_FREQUENCY_DAYS: ScanFrequencyDays = 7;
