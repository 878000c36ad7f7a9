import { z } from 'zod';
import type { RecordRegionRule } from '../../src/schemas/consentRecord';
import { REGION_RULES } from '../../src/schemas/privacyStandards';

const RECORD_REGION_RULE = new RegExp(`^(${REGION_RULES.join('|')})( US-[A-Z]{2})?$`);

/**
 * What a consent record carries for the privacy standards (STD-3, STD-4), kept apart from the
 * record's core fields so the storage behind it can change without touching them. The consent
 * id (STD-6) is the record's own id.
 */

/** A GPP string: the header, then `~`-separated sections, each base64url with `.` between its subsections. */
const GPP_STRING = /^[A-Za-z0-9_-]+(~[A-Za-z0-9_.-]+)*$/;
/** Google's AC string, version 1 (`1~ids`) or 2 (`2~ids~dv.ids`). */
const AC_STRING = /^(1~(\d+(\.\d+)*)?|2~(\d+(\.\d+)*)?~dv\.?(\d+(\.\d+)*)?)$/;

export const standardsRecordInputShape = {
  gpc: z.boolean({ error: 'validation.invalid_value' }).default(false),
  regionRule: z
    .string({ error: 'validation.invalid_value' })
    .regex(RECORD_REGION_RULE, { error: 'validation.invalid_value' })
    .transform((value) => value as RecordRegionRule)
    .default('opt-in'),
  /** STD-13: the GPP string and the sections in force when the visitor decided. */
  gppString: z
    .string({ error: 'validation.invalid_value' })
    .max(8192, { error: 'validation.invalid_value' })
    .regex(GPP_STRING, { error: 'validation.invalid_value' })
    .optional(),
  gppSid: z
    .array(
      z
        .number({ error: 'validation.invalid_value' })
        .int({ error: 'validation.invalid_value' })
        .min(1, { error: 'validation.invalid_value' })
        .max(255, { error: 'validation.invalid_value' }),
      {
        error: 'validation.invalid_value',
      },
    )
    .max(4, { error: 'validation.invalid_value' })
    .optional(),
  /** STD-14: Google's Additional Consent string of the decision. */
  acString: z
    .string({ error: 'validation.invalid_value' })
    .max(8192, { error: 'validation.invalid_value' })
    .regex(AC_STRING, { error: 'validation.invalid_value' })
    .optional(),
};

export interface StandardsRecordFields {
  /** Decided under the browser's Global Privacy Control signal. */
  gpc: boolean;
  /** The region rule that applied, with a US visitor's state when known (never the visitor's address). */
  regionRule: RecordRegionRule;
  /** STD-13: the GPP string where GPP applied (null otherwise). */
  gppString: string | null;
  /** STD-13: the GPP section ids in force (null without GPP). */
  gppSid: number[] | null;
  /** STD-14: Google's Additional Consent string (null without it). */
  acString: string | null;
}

/** Rows stored before these fields existed read as a plain opt-in decision without GPC, GPP or AC. */
export const standardsFieldsOf = (row: Partial<StandardsRecordFields>): StandardsRecordFields => ({
  gpc: row.gpc === true,
  regionRule: row.regionRule ?? 'opt-in',
  gppString: row.gppString ?? null,
  gppSid: row.gppSid ? [...row.gppSid] : null,
  acString: row.acString ?? null,
});
