import { z } from 'zod';
import { RECORD_ACTIONS, type ConsentRecord, type RecordAction } from '../../src/schemas/consentRecord';
import { CONSENT_CATEGORIES } from '../../src/schemas/template';
import { consentSolutionRows } from '../data/consentSolutions';
import { domainRows, hostMatches } from '../data/domains';
import type { Store } from '../store/store';
import type { ConsentSolutionRow } from '../store/types';
import { changeFieldsOf, changeRecordInputShape, type ChangeRecordFields } from './recordChangeFields';
import { standardsFieldsOf, standardsRecordInputShape, type StandardsRecordFields } from './recordStandardsFields';

/**
 * Consent records (CONST-2, BEYOND-9, BEYOND-3): one row per decision a visitor made in a
 * published banner, sent by the banner script to `POST /consent/{csId}/records`. The id is
 * random (not guessable, not a counter) so it can be handed to a visitor as proof.
 */

const CONSENT_RECORDS = 'consentRecords';

export { RECORD_ACTIONS, type RecordAction };

/** The stored record: the API's proof plus its account; the standards fields may be absent on old rows. */
export interface ConsentRecordRow
  extends
    Omit<ConsentRecord, 'consentSolutionName' | 'tcString' | keyof StandardsRecordFields | keyof ChangeRecordFields>,
    Partial<StandardsRecordFields>,
    Partial<ChangeRecordFields> {
  accountId: number;
  /** TCF-2: the TC string of the decision (null without TCF). */
  tcString?: string | null;
}

export const ANONYMOUS_ID = /^[A-Za-z0-9-]{16,64}$/;

export const recordInputSchema = z.object({
  anonymousId: z.string({ error: 'validation.required' }).regex(ANONYMOUS_ID, { error: 'validation.invalid_value' }),
  action: z.enum(RECORD_ACTIONS, { error: 'validation.invalid_value' }),
  categories: z
    .array(z.enum(CONSENT_CATEGORIES, { error: 'validation.invalid_value' }), { error: 'validation.invalid_value' })
    .max(CONSENT_CATEGORIES.length, { error: 'validation.invalid_value' }),
  consentVersion: z.number({ error: 'validation.invalid_value' }).int().min(1).max(1_000_000),
  decidedAt: z.iso.datetime({ offset: true, error: 'validation.datetime_invalid' }).optional(),
  language: z
    .string()
    .regex(/^[a-z]{2}$/, { error: 'validation.invalid_value' })
    .optional(),
  /** TCF-2: the decision's TC string (base64url segments), when the solution has TCF on. */
  tcString: z
    .string()
    .regex(/^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+){0,3}$/, { error: 'validation.invalid_value' })
    .max(8192, { error: 'validation.invalid_value' })
    .optional(),
  ...standardsRecordInputShape,
  ...changeRecordInputShape,
});

/** Records kept in the JSON store before the consent log (and the seed's demo history): moved into the log once. */
export const legacyRecordRows = (store: Store): ConsentRecordRow[] => {
  const rows = store.state()[CONSENT_RECORDS];
  return Array.isArray(rows) ? (rows as ConsentRecordRow[]) : [];
};

export const forgetLegacyRecords = (store: Store): void => {
  if (store.state()[CONSENT_RECORDS] === undefined) return;
  delete store.state()[CONSENT_RECORDS];
  store.write();
};

/** The Origin header's host name, or null when absent or not an http(s) origin. */
export const originHostname = (origin: string | undefined): string | null => {
  if (origin === undefined || origin === 'null') return null;
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.hostname.toLowerCase() : null;
  } catch {
    return null;
  }
};

/** Whether `hostname` is one of the solution's domains (any type: website or alias). */
export const isSolutionHost = (store: Store, solutionId: number, hostname: string): boolean =>
  domainRows(store).some((d) => d.consentSolutionId === solutionId && d.status !== 'deleted' && hostMatches(hostname, d.canonicalDomain.toLowerCase()));

/** The public proof of one record (BEYOND-9): what was decided, when, where; no account internals. */
export const toApiRecord = (row: ConsentRecordRow, solutionName: string | null): ConsentRecord => ({
  id: row.id,
  consentSolutionId: row.consentSolutionId,
  consentSolutionName: solutionName,
  anonymousId: row.anonymousId,
  action: row.action,
  categories: [...row.categories],
  consentVersion: row.consentVersion,
  decidedAt: row.decidedAt,
  receivedAt: row.receivedAt,
  domain: row.domain,
  language: row.language,
  tcString: row.tcString ?? null,
  ...standardsFieldsOf(row),
  ...changeFieldsOf(row),
});

/**
 * Shared consent: the solutions whose decisions this one takes, the account's solutions with
 * shared consent on (the decision itself is looked up in the consent log, made after the
 * asking solution's last push for consent).
 */
export const sharingSolutionIds = (store: Store, solution: ConsentSolutionRow): number[] =>
  consentSolutionRows(store)
    .filter((s) => s.accountId === solution.accountId && s.sharedConsent)
    .map((s) => s.id);
