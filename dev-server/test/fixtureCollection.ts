import { z } from 'zod';
import type { ScopedCollectionDefinition } from '../routes/scopedCollection';

/** A throwaway owner-scoped collection proving the generic mechanism (not a product feature). */
export const fixtureCollection: ScopedCollectionDefinition = {
  name: 'fixtures',
  schema: z.object({
    label: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }).max(100),
    size: z.number().int().min(0).optional(),
  }),
};
