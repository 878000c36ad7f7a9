import { z } from 'zod';
import { parse } from 'tldts';
import { LANGUAGE_CODES, type LanguageCode } from '../shared/languages';
import { domainValidationMessages, domainRuleMessages } from './validationMessages';
import { DOMAIN_TYPES, SCAN_DEPTHS, SCAN_FREQUENCY_DAY_VALUES, type DomainType, type ScanDepth, type ScanFrequencyDays } from '../shared/domainTypes';
import type { DomainVerification } from '../shared/domainVerification';
export * from '../shared/domainTypes';

/**
 * Domain rules shared by the app's forms and the dev API's validation (VAL-4). Error messages
 * are message keys; `domainValidationMessages` holds their English text for the catalogue and
 * for the API's `message` field.
 */

// ---------------------------------------------------------------------------------------------
// Messages

type DomainValidationMessageKey = keyof typeof domainValidationMessages;

export { domainRuleMessages };
export type DomainRuleMessageKey = keyof typeof domainRuleMessages;

// ---------------------------------------------------------------------------------------------
// Canonical domain (VAL-1)

/**
 * Why a string is not a canonical domain. One message key covers them all (the spec has one
 * message), the reason lets the UI and the tests tell them apart.
 */
type CanonicalDomainProblem =
  | 'empty'
  | 'whitespace'
  | 'protocol'
  | 'path_port_or_query'
  | 'www'
  | 'trailing_dot'
  | 'uppercase'
  | 'not_punycode'
  | 'invalid_hostname'
  | 'ip_address'
  | 'no_public_suffix'
  | 'public_suffix_only';

const MAX_HOSTNAME_LENGTH = 253;
const HOSTNAME_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const URL_SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

/**
 * The first reason `input` is not a canonical domain, or null when it is one.
 *
 * Canonical means: lower-case ASCII hostname (internationalised names as punycode A-labels,
 * the form browsers send and cookies carry, so `münchen.de` and `xn--mnchen-3ya.de` cannot be
 * two different domains), no protocol, no `www.` prefix, no port, path, query or trailing dot,
 * not an IP address, and under a public suffix of the ICANN section of the Public Suffix List
 * (so `localhost`, `intranet.local` or a bare `co.uk` are refused).
 */
export const canonicalDomainProblem = (input: string): CanonicalDomainProblem | null => {
  if (input === '') return 'empty';
  if (/\s/u.test(input)) return 'whitespace';
  if (URL_SCHEME.test(input) || input.startsWith('//')) return 'protocol';
  if (/[/?#:@[\]\\]/.test(input)) return 'path_port_or_query';
  if (/^www\./i.test(input)) return 'www';
  if (input.endsWith('.')) return 'trailing_dot';
  if (/[A-Z]/.test(input)) return 'uppercase';
  // eslint-disable-next-line no-control-regex -- the point is to find anything outside ASCII
  if (/[^\x00-\x7f]/.test(input)) return 'not_punycode';
  if (input.length > MAX_HOSTNAME_LENGTH) return 'invalid_hostname';
  const labels = input.split('.');
  if (!labels.every((label) => HOSTNAME_LABEL.test(label))) return 'invalid_hostname';
  const parsed = parse(input);
  if (parsed.isIp === true || /^\d+$/.test(labels[labels.length - 1] ?? '')) return 'ip_address';
  // The WHATWG URL parser decodes punycode labels and refuses invalid ones (e.g. `xn--abc`);
  // a canonical hostname must come out of it unchanged.
  if (urlHostname(input) !== input) return 'invalid_hostname';
  if (parsed.isIcann !== true) return 'no_public_suffix';
  if (parsed.domain === null) return 'public_suffix_only';
  return null;
};

export const isCanonicalDomain = (input: string): boolean => canonicalDomainProblem(input) === null;

const urlHostname = (host: string): string | null => {
  try {
    return new URL(`http://${host}/`).hostname;
  } catch {
    return null;
  }
};

/**
 * The canonical form of what the user typed, for the hint beside the field
 * (`https://WWW.Example.com/shop?x=1` → `example.com`, `münchen.de` → `xn--mnchen-3ya.de`),
 * or null when no valid domain can be read out of it (an IP, `localhost`, garbage).
 */
export const suggestCanonical = (input: string): string | null => {
  const trimmed = input.trim();
  if (trimmed === '') return null;
  const withScheme = URL_SCHEME.test(trimmed) ? trimmed : `http://${trimmed.replace(/^\/\//, '')}`;
  let hostname: string;
  try {
    const url = new URL(withScheme);
    // Only web addresses: `mailto:` or `ftp://` inputs are not something to suggest from.
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    hostname = url.hostname;
  } catch {
    return null;
  }
  const candidate = hostname.replace(/\.+$/, '').replace(/^www\./, '');
  return isCanonicalDomain(candidate) ? candidate : null;
};

/**
 * The canonical domain field. Surrounding whitespace is trimmed (a paste artefact, not a
 * question of form); everything else that is not canonical is refused rather than silently
 * rewritten, so the user sees and confirms the form that will be scanned and billed. The issue
 * carries `params.reason` and `params.suggestion` for the UI hint.
 */
export const canonicalDomainSchema = z
  .string({ error: 'validation.url_required' })
  .trim()
  .superRefine((value, ctx) => {
    const problem = canonicalDomainProblem(value);
    if (problem === null) return;
    if (problem === 'empty') {
      ctx.addIssue({ code: 'custom', message: 'validation.url_required', params: { reason: problem } });
      return;
    }
    ctx.addIssue({
      code: 'custom',
      message: 'validation.domain_not_canonical',
      params: { reason: problem, suggestion: suggestCanonical(value) },
    });
  });

// ---------------------------------------------------------------------------------------------
// Field schemas

const choiceError = (invalidKey: DomainValidationMessageKey) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null || issue.input === '' ? 'validation.required' : invalidKey;

export const domainTypeSchema = z.enum(DOMAIN_TYPES, { error: choiceError('validation.domain_type_invalid') });

export const scanDepthSchema = z.literal(SCAN_DEPTHS, { error: choiceError('validation.scan_depth_invalid') });

/** Days between scans, as stored (ENT-1); the forms map names with `scanFrequencyToDays`. */
export const scanFrequencySchema = z.literal(SCAN_FREQUENCY_DAY_VALUES, { error: choiceError('validation.scan_frequency_invalid') });

export const languageCodeSchema = z.enum(LANGUAGE_CODES as readonly [LanguageCode, ...LanguageCode[]], {
  error: choiceError('validation.language_invalid'),
});

// ---------------------------------------------------------------------------------------------
// Entity schemas

/** The scanner settings, the part of a domain that changes its price (PROD-4). */
export const domainScannerSettingsSchema = z.object({
  scanDepth: scanDepthSchema,
  scanFrequency: scanFrequencySchema,
});

export const domainCreateSchema = z.object({
  canonicalDomain: canonicalDomainSchema,
  type: domainTypeSchema,
  defaultLanguage: languageCodeSchema,
  ...domainScannerSettingsSchema.shape,
});
export type DomainCreate = z.output<typeof domainCreateSchema>;

/**
 * What may change after creation. canonicalDomain and type are not in it: unknown keys are
 * stripped, so the API must run `changedImmutableDomainFields` on the raw body first to answer
 * `error.backend.domain_immutable` instead of silently ignoring an attempted change.
 */
export const domainUpdateSchema = z.object({
  defaultLanguage: languageCodeSchema,
  ...domainScannerSettingsSchema.shape,
});

export const IMMUTABLE_DOMAIN_FIELDS = ['canonicalDomain', 'type'] as const;
export type ImmutableDomainField = (typeof IMMUTABLE_DOMAIN_FIELDS)[number];

/**
 * The immutable fields that `body` tries to change. Sending the current value again is not a
 * change (edit forms often send the whole record back).
 */
export const changedImmutableDomainFields = (existing: Readonly<Record<ImmutableDomainField, string>>, body: unknown): ImmutableDomainField[] => {
  if (typeof body !== 'object' || body === null) return [];
  const fields = body as Partial<Record<ImmutableDomainField, unknown>>;
  return IMMUTABLE_DOMAIN_FIELDS.filter((field) => fields[field] !== undefined && fields[field] !== existing[field]);
};

/** A domain's lifecycle as the API shows it: `pending` until its first scan, then `active` or `error`. */
export type DomainStatus = 'active' | 'pending' | 'error';

/**
 * A domain as the API answers it (docs/api.md, ENT-1): the editable fields plus the read-only
 * ones. The dev API stores this shape; the app reads it.
 */
export interface DomainRecord {
  id: number;
  accountId: number;
  consentSolutionId: number;
  canonicalDomain: string;
  type: DomainType;
  defaultLanguage: LanguageCode;
  scanDepth: ScanDepth;
  scanFrequency: ScanFrequencyDays;
  status: DomainStatus;
  createdAt: string;
  /** Email of the user who added it; null to a customer when the provider's staff did (DEPLOY-6). */
  createdBy: string | null;
  updatedAt: string;
  lastScanAt: string | null;
  cookiesFound: number;
  /** DEPLOY-4: the proof of control; scanned and billed only once verified. */
  verification: DomainVerification;
}

/** The read-only summary a consent solution carries of its domains (server-maintained). */
export type DomainSummary = Pick<DomainRecord, 'id' | 'canonicalDomain' | 'type' | 'status'>;
