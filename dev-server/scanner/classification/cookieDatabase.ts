import { dataProcessorSchema, type CookieCategory } from '../../../src/schemas/cookie';
import { LONG_TEXT_MAX } from '../../../src/schemas/translations';
import { classifyCookie } from './classifyCookie';

/**
 * SCAN-5: the Open Cookie Database behind the same two functions as the hand-written list it
 * replaced. `triage.ts` and `results.ts` use them for a new finding's suggested category, the
 * health check's "non-essential before consent", and the cookie an accepted finding creates (its
 * processor and English purpose).
 */

export interface KnownCookie {
  category: CookieCategory;
  /** The data controller and its privacy page, when the database gives both (ENT-7 needs both or neither). */
  dataProcessor: { name: string; privacyPolicyUrl: string } | null;
  /** The database's description, as the cookie's suggested English purpose (the customer edits it). */
  purpose: string;
}

/** The database entry for a cookie name (on a domain, when known), if any. */
export const lookupCookie = (name: string, domain = ''): KnownCookie | undefined => {
  const found = classifyCookie(name, domain);
  if (found.source === 'none') return undefined;
  const processor = dataProcessorSchema.safeParse({ name: found.controller ?? '', privacyPolicyUrl: found.privacyUrl ?? '' });
  const complete = processor.success && processor.data.name !== '' && processor.data.privacyPolicyUrl !== '';
  return { category: found.category, dataProcessor: complete ? processor.data : null, purpose: (found.description ?? '').slice(0, LONG_TEXT_MAX) };
};

/** The category the database suggests, `unclassified` for unknown names. */
export const suggestCategory = (name: string, domain = ''): CookieCategory => classifyCookie(name, domain).category;
