import { z } from 'zod';
import type { RecordRegionRule } from '../../src/schemas/consentRecord';
import { REGION_RULES } from '../../src/schemas/privacyStandards';

const RECORD_REGION_RULE = new RegExp(`^(${REGION_RULES.join('|')})( US-[A-Z]{2})?$`);

/**
 * What a consent record carries for the privacy standards (STD-3, STD-4), kept apart from the
 * record's core fields so the storage behind it can change without touching them. The consent
 * id (STD-6) is the record's own id.
 */

export const standardsRecordInputShape = {
  gpc: z.boolean({ error: 'validation.invalid_value' }).default(false),
  regionRule: z
    .string({ error: 'validation.invalid_value' })
    .regex(RECORD_REGION_RULE, { error: 'validation.invalid_value' })
    .transform((value) => value as RecordRegionRule)
    .default('opt-in'),
};

export interface StandardsRecordFields {
  /** Decided under the browser's Global Privacy Control signal. */
  gpc: boolean;
  /** The region rule that applied, with a US visitor's state when known (never the visitor's address). */
  regionRule: RecordRegionRule;
}

/** Rows stored before these fields existed read as a plain opt-in decision without GPC. */
export const standardsFieldsOf = (row: Partial<StandardsRecordFields>): StandardsRecordFields => ({
  gpc: row.gpc === true,
  regionRule: row.regionRule ?? 'opt-in',
});
