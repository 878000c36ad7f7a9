import { fileURLToPath } from 'node:url';
import { dirname, join, resolve } from 'node:path';
import { z } from 'zod';
import { isLoopbackHost } from './guards/loopback';

/** Runtime data lives in the repository's git-ignored `var/`, apart from the code. */
const DEFAULT_DB_FILE = fileURLToPath(new URL('../var/db.json', import.meta.url));
const DEFAULT_ORIGINS = 'http://127.0.0.1:5173,http://localhost:5173,http://127.0.0.1:4173,http://localhost:4173';

const flag = z.enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no']).transform((value) => ['1', 'true', 'on', 'yes'].includes(value));

const envSchema = z.object({
  API_PORT: z.coerce.number().int().min(0).max(65535).default(3001),
  API_HOST: z.string().min(1).default('127.0.0.1'),
  DB_FILE: z.string().min(1).optional(),
  OUTBOX_FILE: z.string().min(1).optional(),
  CORS_ORIGINS: z
    .string()
    .default(DEFAULT_ORIGINS)
    .transform((value) =>
      value
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url()).min(1)),
  API_ALLOWED_HOSTS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^([a-z0-9.-]+|\[[0-9a-f:.]+\])(:\d{1,5})?$/, 'host[:port] expected')).min(1))
    .optional(),
  APP_URL: z.url().default('http://127.0.0.1:5173'),
  DEV_MODE: flag.optional(),
  SCANNER_SCHEDULE: flag.default(false),
  SCANNER_WORKERS: z.coerce.number().int().min(0).max(16).default(1),
  SCANNER_PAGES_AT_ONCE: z.coerce.number().int().min(1).max(64).default(8),
  SCANNER_PER_HOST: z.coerce.number().int().min(1).max(64).default(8),
  SCANNER_TIME_LIMIT_MINUTES: z.coerce
    .number()
    .min(1)
    .max(24 * 60)
    .default(60),
  SCANNER_SAMPLE_PAGES: z.coerce.number().int().min(0).max(100_000).default(20),
  EMBEDDED_DB_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  TCF_GVL_URL: z.url().optional(),
  TCF_AC_PROVIDERS_URL: z.url().optional(),
  TCF_CMP_ID: z.coerce.number().int().min(2).max(4095).optional(),
  TCF_GVL_REFRESH_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 30)
    .default(24),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'postgres:// URL expected')
    .optional(),
  CONSENT_LOG_DIR: z.string().min(1).optional(),
  NODE_ENV: z.string().optional(),
  CDN_COUNTRY_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]+$/, 'a header name expected')
    .optional(),
  CDN_REGION_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]+$/, 'a header name expected')
    .optional(),
});

interface ApiConfig {
  port: number;
  host: string;
  dbFile: string;
  outboxFile: string;
  corsOrigins: string[];
  /** SEC-4: the `Host` values served; undefined = the API's own host:port and localhost:port. */
  allowedHosts: string[] | undefined;
  appUrl: string;
  /** Dev routes (outbox, clock): on by default only outside production and on a loopback API_HOST. */
  devMode: boolean;
  /** Scheduled scans crawl the seeded domains, which are real public host names: opt-in. */
  scannerSchedule: boolean;
  /** SCAN-2 / SCAN-3: workers in the API's process, pages each loads at once, per host, a crawl's time limit, the reject/GPC sample. */
  scanner: { workers: number; pagesAtOnce: number; perHost: number; timeLimitMs: number; samplePages: number };
  /** SCAN-2: serve the embedded database on this loopback port, for `npm run scanner` processes (unset: not served). */
  embeddedDbPort: number | undefined;
  /** TCF-3: base URL of the Global Vendor List (the IAB's https://vendor-list.consensu.org/v3/ in production); unset: the shipped list. */
  gvlUrl: string | undefined;
  gvlRefreshMs: number;
  /** STD-14: Google's Additional Consent provider list (https://storage.googleapis.com/tcfac/additional-consent-providers.csv in production); unset: the shipped list. Refreshed with the GVL. */
  acProvidersUrl: string | undefined;
  /** TCF-2: the IAB-registered CMP id (unset: a dev id, fine for tests, not for production). */
  tcfCmpId: number | undefined;
  /** STD-4: the header a trusted CDN puts the visitor's country in; unset = look the address up. */
  countryHeader: string | undefined;
  /** STD-4: the header a trusted CDN puts the visitor's state or province in (e.g. CA or US-CA); unset = none. */
  regionHeader: string | undefined;
  /** LOG-1: a PostgreSQL server for the consent log; undefined = the embedded database. */
  databaseUrl: string | undefined;
  /** LOG-1: the embedded consent log's folder (default beside the JSON database). */
  consentLogDir: string;
}

/** Reads and validates the environment once; a bad value stops the CLI with a clear message. */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): ApiConfig => {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid dev API environment: ${details}`);
  }
  const e = parsed.data;
  const dbFile = e.DB_FILE ? resolve(e.DB_FILE) : DEFAULT_DB_FILE;
  return {
    port: e.API_PORT,
    host: e.API_HOST,
    dbFile,
    outboxFile: e.OUTBOX_FILE ? resolve(e.OUTBOX_FILE) : join(dirname(dbFile), 'outbox.json'),
    corsOrigins: e.CORS_ORIGINS,
    allowedHosts: e.API_ALLOWED_HOSTS,
    appUrl: e.APP_URL,
    devMode: e.DEV_MODE ?? (e.NODE_ENV !== 'production' && isLoopbackHost(e.API_HOST)),
    scannerSchedule: e.SCANNER_SCHEDULE,
    scanner: {
      workers: e.SCANNER_WORKERS,
      pagesAtOnce: e.SCANNER_PAGES_AT_ONCE,
      perHost: e.SCANNER_PER_HOST,
      timeLimitMs: e.SCANNER_TIME_LIMIT_MINUTES * 60_000,
      samplePages: e.SCANNER_SAMPLE_PAGES,
    },
    embeddedDbPort: e.EMBEDDED_DB_PORT,
    gvlUrl: e.TCF_GVL_URL,
    gvlRefreshMs: e.TCF_GVL_REFRESH_HOURS * 3_600_000,
    acProvidersUrl: e.TCF_AC_PROVIDERS_URL,
    tcfCmpId: e.TCF_CMP_ID,
    countryHeader: e.CDN_COUNTRY_HEADER,
    regionHeader: e.CDN_REGION_HEADER,
    databaseUrl: e.DATABASE_URL,
    consentLogDir: e.CONSENT_LOG_DIR ? resolve(e.CONSENT_LOG_DIR) : `${dbFile.replace(/\.json$/, '')}.consent-log`,
  };
};
