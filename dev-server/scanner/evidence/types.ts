import type { ThirdPartyCategory } from '../classification/thirdParties';

/**
 * SCAN-4: what the scanner records of one page in one consent state, the items the EDPS Website
 * Evidence Collector and the EDPB website auditing tool record: cookies with their attributes,
 * web storage keys, IndexedDB databases and the third parties the page sent requests to.
 */

/** Before any choice, after "reject all", with Global Privacy Control on, after "accept all". */
export const CONSENT_STATES = ['before', 'reject', 'gpc', 'accept'] as const;
export type ConsentState = (typeof CONSENT_STATES)[number];

/**
 * How the browser was put in the state: nothing to do (before), the GPC signal (gpc), our banner's
 * button or its API, a foreign consent manager's button, our consent cookie written directly, or
 * not at all (no consent manager answered and none of ours to write).
 */
export type ReachedBy = 'nothing' | 'gpc-signal' | 'own-banner' | 'own-banner-api' | 'foreign-cmp' | 'consent-cookie' | 'unreached';

export interface StateOutcome {
  state: ConsentState;
  reachedBy: ReachedBy;
  /** The button's accessible name for a foreign consent manager, else null. */
  detail: string | null;
}

export interface EvidenceCookie {
  name: string;
  /** As the browser holds it: `.shop.com` for a domain cookie, `shop.com` for a host-only one. */
  domain: string;
  path: string;
  party: 'first' | 'third';
  /** ISO date of expiry; null for a session cookie. */
  expires: string | null;
  /** Whole days from the visit to expiry; null for a session cookie. */
  expiryDays: number | null;
  secure: boolean;
  httpOnly: boolean;
  sameSite: 'Strict' | 'Lax' | 'None';
}

/** The requests of one page to one third-party host. */
export interface ThirdPartyHost {
  host: string;
  /** Its registrable domain. */
  domain: string;
  company: string | null;
  /** third-party-web's category (ad, analytics, social…), null for a host it does not know. */
  category: ThirdPartyCategory | null;
  requests: number;
  /** The first request's URL without its query and fragment (they carry visitors' ids). */
  firstUrl: string;
  /** Playwright's resource types seen (image, script, xhr…), sorted. */
  resourceTypes: string[];
}

export interface PageEvidence {
  /** The URL asked for. */
  url: string;
  /** Where the page ended, after redirects. */
  finalUrl: string;
  /** The main document's HTTP status; null when the navigation failed. */
  status: number | null;
  state: ConsentState;
  reachedBy: ReachedBy;
  /** The foreign consent manager's button that was pressed (its accessible name), else null. */
  reachedDetail: string | null;
  /** The site's domain, against which first and third party are decided. */
  site: string;
  collectedAt: string;
  /** Every cookie the browser context holds after the visit (so also those of earlier pages in the same context). */
  cookies: EvidenceCookie[];
  /** Keys of the page's own origin (the top frame), sorted. */
  localStorage: string[];
  sessionStorage: string[];
  /** IndexedDB database names of the page's origin, sorted. */
  indexedDb: string[];
  /** Sorted by host. */
  thirdParties: ThirdPartyHost[];
}
