import cors from 'cors';
import express, { type Express, type Router } from 'express';
import helmet from 'helmet';
import { auditTrail } from './audit/auditTrail';
import { createMailQueue } from './auth/mailQueue';
import { openOutbox } from './auth/outbox';
import { DEFAULT_BCRYPT_COST, loginDummyHash, MIN_BCRYPT_COST } from './auth/passwords';
import { useSessionSecret } from './auth/sessionSecret';
import { purgeExpiredSessions } from './auth/sessions';
import { DEFAULT_THROTTLE, LoginThrottle, type ThrottleLimits } from './auth/throttle';
import { forgetLegacyRecords, legacyRecordRows } from './consent-log/consentRecord';
import { createConsentLog, type ConsentLogOptions } from './consent-log/consentLog';
import { scheduleRetention, type RetentionJob } from './consent-log/retention';
import type { RecordRateLimits, ServerContext } from './context/context';
import type { Feature, FeatureServices } from './context/feature';
import { claimUnprovedDomains } from './data/domainVerification';
import { userRows } from './data/users';
import { features } from './features';
import { allowedHost } from './guards/allowedHost';
import { sameOriginWrites } from './guards/crossSite';
import { devRoutesOnly } from './guards/loopback';
import { documentedContentTypes } from './http/bodyParsers';
import { errorHandler, notFoundHandler } from './http/errors';
import { createScanner, type Scanner, type ScannerOptions } from './scanner/scanner';
import { templateData } from './cdn/templateData';
import { migrateDefaultTexts } from './seed/defaultTranslations';
import { JsonServerBridge } from './store/jsonServerBridge';
import { openStore, type Store, type StoreOptions } from './store/store';
import { createAcProviderSource, type AcProviderSourceOptions } from './tcf/acProviderSource';
import { createGvlSource, type GvlSourceOptions } from './tcf/gvlSource';
import { createDevClock } from './time/clock';
import type { ProofOptions } from './verification/proofs';

/** Dev and tests only: production sets TCF_CMP_ID to the id the IAB registered. */
const DEV_TCF_CMP_ID = 300;

export interface CreateServerOptions {
  dbFile: string;
  outboxFile: string;
  corsOrigins: string[];
  appUrl: string;
  devMode: boolean;
  /**
   * DEPLOY-3: the secret a dev-route request carries in `X-Dev-Secret`; required with devMode
   * (a loopback address alone does not make a client local behind a same-host proxy).
   */
  devSecret?: string;
  /** DEPLOY-1: the session JWTs' signing key (production's JWT_SECRET); default the database's own. */
  sessionSecret?: string;
  /**
   * DEPLOY-2: express's `trust proxy` list (addresses, CIDRs, loopback…): only requests arriving
   * from these have their forwarding and CDN region headers believed. Default none.
   */
  trustedProxies?: readonly string[];
  /** The address the API listens on (default 127.0.0.1): with the port, the `Host` it serves by default. */
  apiHost?: string;
  /** SEC-4: the `Host` values served (host[:port]); default the API's own host:port and localhost:port. */
  allowedHosts?: readonly string[];
  now?: () => Date;
  /** SEC-7: the login throttle's limits (each defaults to DEFAULT_THROTTLE's). */
  loginThrottle?: Partial<ThrottleLimits>;
  bcryptCost?: number;
  /** How the database file is flushed (tests hold a flush back to see who waits for it). */
  writeDatabaseFile?: StoreOptions['writeFile'];
  /** BEYOND-4: the cookie scanner (Chromium, start URL, resolver rules, scheduler). */
  scanner?: ScannerOptions;
  /** TCF-3: where the Global Vendor List is refreshed from, and how often (default: the shipped list only). */
  gvl?: GvlSourceOptions;
  /** STD-14: where Google's Additional Consent provider list is refreshed from (default: the shipped list only). */
  acProviders?: AcProviderSourceOptions;
  /** TCF-2: the IAB-registered CMP id (default DEV_TCF_CMP_ID). */
  tcfCmpId?: number;
  /** STD-4: the trusted CDN's country header; without it the client address is looked up. */
  countryHeader?: string;
  /** STD-4: the trusted CDN's state header (a US visitor's state); without it no state is known. */
  regionHeader?: string;
  /** LOG-1: the consent log's database (default: embedded, in `<dbFile without .json>.consent-log/`). */
  consentLog?: Partial<Pick<ConsentLogOptions, 'dataDir' | 'databaseUrl' | 'schema' | 'servePort'>>;
  /** LOG-2: the public record endpoints' rate limits. */
  consentRecordLimits?: RecordRateLimits;
  /** DEPLOY-4: how proofs of domain control are read (default: the system's DNS, https on the domain). */
  domainVerification?: ProofOptions;
}

export interface DevServer {
  /** The express app, not listening yet. */
  app: Express;
  store: Store;
  /** Shared services for route modules and helpers such as sendActivationEmail. */
  context: ServerContext;
  /** BEYOND-4 / SCAN-2: the scanner's side of the API: it queues and reads (tests wait on `scanner.idle()`). */
  scanner: Scanner;
  /** LOG-4: the consent log's retention job. */
  retention: RetentionJob;
  /** Flushes the database; the caller closes its own http.Server. */
  close: () => Promise<void>;
}

/** DEPLOY-3: long enough that guessing it is out of the question. */
export const MIN_DEV_SECRET_LENGTH = 32;

export const createServer = (options: CreateServerOptions): DevServer => {
  if (options.devMode && (options.devSecret ?? '').length < MIN_DEV_SECRET_LENGTH) {
    throw new Error(`Dev mode needs a dev secret of at least ${MIN_DEV_SECRET_LENGTH} characters (DEV_SECRET).`);
  }
  const store = openStore(options.dbFile, { writeFile: options.writeDatabaseFile });
  if (options.sessionSecret !== undefined) useSessionSecret(store, options.sessionSecret);
  // One movable clock feeds every ctx.now() reader; only /dev/clock (dev mode) ever moves it.
  const clock = createDevClock(options.now ?? (() => new Date()));
  const now = clock.now;
  const consentLog = createConsentLog({
    dataDir: options.consentLog?.dataDir ?? `${options.dbFile.replace(/\.json$/, '')}.consent-log`,
    databaseUrl: options.consentLog?.databaseUrl,
    schema: options.consentLog?.schema,
    servePort: options.consentLog?.servePort,
    importFrom: { rows: () => legacyRecordRows(store), moved: () => forgetLegacyRecords(store) },
  });
  const context: ServerContext = {
    store,
    consentLog,
    outbox: openOutbox(options.outboxFile),
    throttle: new LoginThrottle({ ...DEFAULT_THROTTLE, ...options.loginThrottle }, now),
    mail: createMailQueue(),
    now,
    clock,
    appUrl: options.appUrl.replace(/\/+$/, ''),
    devMode: options.devMode,
    bcryptCost: Math.max(options.bcryptCost ?? DEFAULT_BCRYPT_COST, MIN_BCRYPT_COST),
    secureCookies: options.appUrl.startsWith('https:'),
    gvl: createGvlSource({ now, ...options.gvl }),
    acProviders: createAcProviderSource({ now, ...options.acProviders }),
    tcfCmpId: options.tcfCmpId ?? DEV_TCF_CMP_ID,
    countryHeader: options.countryHeader,
    regionHeader: options.regionHeader,
    consentRecordLimits: options.consentRecordLimits ?? {},
  };
  void context.gvl.start();
  void context.acProviders.start();

  // SEC-3: sessions that expired while the server was down go at start (logins purge the rest).
  if (purgeExpiredSessions(store, now()) > 0) store.write();
  // I18N-2: the JSON store's start-up migration: default texts marked as such, and given to every
  // language a solution added but never filled.
  if (migrateDefaultTexts(store, now().toISOString())) store.write();
  if (templateData(store).upgradeGallery(now().toISOString())) store.write();

  // Computed now so the first unknown-email login is not measurably slower than later ones.
  void loginDummyHash(userRows(store), context.bcryptCost);

  // DEPLOY-4: domains stored before proofs existed have a claim to prove from now on.
  claimUnprovedDomains(store, now());
  const scanner = createScanner(store, now, options.scanner ?? {}, () => consentLog.database());
  const services: FeatureServices = { bridge: new JsonServerBridge(store), scanner, proofs: options.domainVerification ?? {} };

  const app = express();
  /** Each feature's routes of one group, in the order of features.ts. */
  const mount = (group: (feature: Feature) => Router[] | undefined): void => {
    for (const feature of features) for (const router of group(feature) ?? []) app.use(router);
  };
  app.disable('x-powered-by');
  app.set('trust proxy', options.trustedProxies && options.trustedProxies.length > 0 ? [...options.trustedProxies] : false);
  // Group commit: an answer leaves only once the writes made while its request ran are on disk.
  app.use(store.durableAnswers);
  app.set('etag', false);
  app.use(helmet({ crossOriginResourcePolicy: { policy: 'same-site' }, strictTransportSecurity: context.secureCookies }));
  // SEC-4: only the host names the API is reached by (DNS rebinding); customers' pages load the CDN by that name too.
  app.use(allowedHost({ apiHost: options.apiHost ?? '127.0.0.1', allowedHosts: options.allowedHosts }));
  // What customers' sites call (public consent records): their own CORS (any origin, checked against the solution's domains).
  mount((feature) => feature.crossOrigin?.(context));
  // json-server's defaults() reflect any Origin with credentials; only the app's origins here.
  const allowed = new Set(options.corsOrigins);
  app.use(
    cors({
      origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
      credentials: true,
      exposedHeaders: ['X-Total-Count', 'Link', 'Location', 'Retry-After'],
    }),
  );
  // SEC-5: writes only from the app's origins, with their documented content types.
  app.use(sameOriginWrites(options.corsOrigins), documentedContentTypes);
  // SEC-4 / DEPLOY-3: every /dev/* path, mounted or not, answers only to this machine, with the run's secret.
  app.use('/dev', devRoutesOnly(options.devMode ? options.devSecret : undefined));

  // Public and cookie-less: the published banners (loaded by customers' sites).
  mount((feature) => feature.public?.(context));
  // BEYOND-7: every successful authenticated write below is recorded.
  app.use(auditTrail(store, now));
  mount((feature) => feature.routes?.(context, services));

  const retention = scheduleRetention(consentLog, now);

  app.use(notFoundHandler);
  app.use(errorHandler);

  return {
    app,
    store,
    context,
    scanner,
    retention,
    close: async () => {
      context.gvl.close();
      context.acProviders.close();
      retention.stop();
      await scanner.close();
      await context.mail.idle();
      await consentLog.close();
      await store.close();
    },
  };
};
