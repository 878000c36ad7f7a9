import { z } from 'zod';

/**
 * PROMISE-2: what marks a record as a change of an earlier decision, kept apart from the
 * record's core fields like the standards' (recordStandardsFields.ts).
 */

export const changeRecordInputShape = {
  change: z.boolean({ error: 'validation.invalid_value' }).default(false),
  /** The consent id (record id) of the decision this one replaces. */
  replaces: z.uuid({ error: 'validation.invalid_value' }).optional(),
};

export interface ChangeRecordFields {
  /** It replaces a decision in force (a withdrawal or any other change). */
  change: boolean;
  /** The record it replaces, when the banner knew its id. */
  replaces: string | null;
}

/** Rows stored before these fields existed read as first decisions. */
export const changeFieldsOf = (row: Partial<ChangeRecordFields>): ChangeRecordFields => ({
  change: row.change === true,
  replaces: row.replaces ?? null,
});
