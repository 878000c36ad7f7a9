import type { LoginThrottle } from '../auth/throttle';
import type { MailQueue } from '../auth/mailQueue';
import type { Outbox } from '../auth/outbox';
import type { DevClock } from '../time/clock';
import type { ConsentLog } from '../consent-log/consentLog';
import type { Store } from '../store/store';
import type { AcProviderSource } from '../tcf/acProviderSource';
import type { GvlSource } from '../tcf/gvlSource';

/** LOG-2: the public record endpoints' rate limits. */
export interface RecordRateLimits {
  /** Requests per minute from one address (default RECORDS_PER_MINUTE of routes/consentRecords.ts). */
  perAddress?: number;
  /** Requests per minute to one solution (default SOLUTION_RECORDS_PER_MINUTE). */
  perSolution?: number;
}

/** What route modules share: built once per server by createServer. */
export interface ServerContext {
  store: Store;
  /** LOG-1: consent records, their roll-ups and retention (PostgreSQL, embedded or a server). */
  consentLog: ConsentLog;
  outbox: Outbox;
  /** Sends email after the answer has left (SEC-7: the request does the same work either way). */
  mail: MailQueue;
  throttle: LoginThrottle;
  now: () => Date;
  /** The clock behind `now` (movable with POST /dev/clock in dev mode). */
  clock: DevClock;
  appUrl: string;
  devMode: boolean;
  bcryptCost: number;
  /** Secure cookies only when the app itself is served over https (dev runs on http). */
  secureCookies: boolean;
  /** TCF-3: the Global Vendor List, refreshed from its URL when one is configured. */
  gvl: GvlSource;
  /** STD-14: Google's Additional Consent providers, refreshed like the GVL. */
  acProviders: AcProviderSource;
  /** TCF-2: the CMP id the IAB registered for this platform, written in every TC string. */
  tcfCmpId: number;
  /** STD-4: the request header a trusted CDN puts the visitor's country in (e.g. CF-IPCountry). */
  countryHeader: string | undefined;
  /** STD-4: the request header a trusted CDN puts the visitor's state in (e.g. CF-Region-Code); a US state then reaches the banner and its records. */
  regionHeader: string | undefined;
  /** LOG-2: the public record endpoints' rate limits (each defaults to its constant). */
  consentRecordLimits: RecordRateLimits;
}
