import { z } from 'zod';
import { REGION_RULES, type RegionRule } from '../../src/schemas/privacyStandards';

/**
 * What a consent record carries for the privacy standards (STD-3, STD-4), kept apart from the
 * record's core fields so the storage behind it can change without touching them. The consent
 * id (STD-6) is the record's own id.
 */

export const standardsRecordInputShape = {
  gpc: z.boolean({ error: 'validation.invalid_value' }).default(false),
  regionRule: z.enum(REGION_RULES, { error: 'validation.invalid_value' }).default('opt-in'),
};

export interface StandardsRecordFields {
  /** Decided under the browser's Global Privacy Control signal. */
  gpc: boolean;
  /** The region rule that applied (never the visitor's address). */
  regionRule: RegionRule;
}

/** Rows stored before these fields existed read as a plain opt-in decision without GPC. */
export const standardsFieldsOf = (row: Partial<StandardsRecordFields>): StandardsRecordFields => ({
  gpc: row.gpc === true,
  regionRule: row.regionRule ?? 'opt-in',
});
