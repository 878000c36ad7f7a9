import { fileURLToPath } from 'node:url';
import { dirname, join, resolve } from 'node:path';
import express from 'express';
import { z } from 'zod';
import { secretProblem } from './deployChecks';

/** Runtime data lives in the repository's git-ignored `var/`, apart from the code. */
const DEFAULT_DB_FILE = fileURLToPath(new URL('../var/db.json', import.meta.url));
const DEFAULT_ORIGINS = 'http://127.0.0.1:5173,http://localhost:5173,http://127.0.0.1:4173,http://localhost:4173';

const flag = z.enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no']).transform((value) => ['1', 'true', 'on', 'yes'].includes(value));

const list = (value: string): string[] =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

const headerName = z
  .string()
  .regex(/^[A-Za-z0-9-]+$/, 'a header name expected')
  .optional();

const envSchema = z.object({
  API_PORT: z.coerce.number().int().min(0).max(65535).default(3001),
  API_HOST: z.string().min(1).default('127.0.0.1'),
  DB_FILE: z.string().min(1).optional(),
  OUTBOX_FILE: z.string().min(1).optional(),
  CORS_ORIGINS: z.string().default(DEFAULT_ORIGINS).transform(list).pipe(z.array(z.url()).min(1)),
  API_ALLOWED_HOSTS: z
    .string()
    .transform((value) => list(value).map((h) => h.toLowerCase()))
    .pipe(z.array(z.string().regex(/^([a-z0-9.-]+|\[[0-9a-f:.]+\])(:\d{1,5})?$/, 'host[:port] expected')).min(1))
    .optional(),
  APP_URL: z.url().default('http://127.0.0.1:5173'),
  DEV_MODE: flag.default(false),
  DEV_SECRET: z.string().optional(),
  JWT_SECRET: z.string().optional(),
  TRUSTED_PROXIES: z
    .string()
    .transform(list)
    .superRefine((entries, ctx) => {
      // express's own parser (proxy-addr) decides what an entry may be: an address, a CIDR, loopback, linklocal or uniquelocal.
      try {
        express().set('trust proxy', entries);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: `addresses, CIDRs, loopback, linklocal or uniquelocal expected (${(error as Error).message})` });
      }
    })
    .default([]),
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
  CDN_COUNTRY_HEADER: headerName,
  CDN_REGION_HEADER: headerName,
});

interface ApiConfig {
  /** DEPLOY-1: `NODE_ENV=production`: no demo data, configured secrets only, no dev routes. */
  production: boolean;
  port: number;
  host: string;
  dbFile: string;
  outboxFile: string;
  corsOrigins: string[];
  /** SEC-4: the `Host` values served; undefined = the API's own host:port and localhost:port. */
  allowedHosts: string[] | undefined;
  appUrl: string;
  /** DEPLOY-3: the dev routes (outbox, clock): only with DEV_MODE=on, never in production. */
  devMode: boolean;
  /** DEPLOY-3: what a dev-route request sends in X-Dev-Secret (set with devMode). */
  devSecret: string | undefined;
  /** DEPLOY-1: the session JWTs' signing key (production: required); undefined = the database's own. */
  jwtSecret: string | undefined;
  /** DEPLOY-2: the proxies (addresses, CIDRs) whose forwarding and CDN headers are believed; none by default. */
  trustedProxies: string[];
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

type Env = z.output<typeof envSchema>;

/** The JSON database's file (`DB_FILE`, default `var/db.json`): what the CLI tools (create-admin) need of the environment. */
export const dbFileOf = (env: NodeJS.ProcessEnv = process.env): string => (env.DB_FILE ? resolve(env.DB_FILE) : DEFAULT_DB_FILE);

/** DEPLOY-1/2/3: settings that parse but must not run together; each message says what to set. */
const combinationProblems = (e: Env, production: boolean): string[] => {
  const problems: string[] = [];
  if (production && e.DEV_MODE) {
    problems.push('DEV_MODE=on is refused with NODE_ENV=production: the dev routes hand out password links and move the clock. Remove DEV_MODE.');
  }
  if (e.DEV_MODE && !production) {
    const problem = secretProblem(e.DEV_SECRET);
    if (problem) problems.push(`DEV_SECRET ${problem}: dev mode needs it (npm start makes one per run).`);
  }
  if (production) {
    const problem = secretProblem(e.JWT_SECRET);
    if (problem)
      problems.push(`JWT_SECRET ${problem}: production signs sessions with it. Set it to a random value, e.g. JWT_SECRET=$(openssl rand -base64 48).`);
  } else if (e.JWT_SECRET !== undefined) {
    const problem = secretProblem(e.JWT_SECRET);
    if (problem) problems.push(`JWT_SECRET ${problem}. Set a random value (openssl rand -base64 48) or leave it unset.`);
  }
  if (production && e.DATABASE_URL !== undefined) {
    const password = databasePassword(e.DATABASE_URL);
    if (password !== undefined && secretProblem(password, 12) !== null) {
      problems.push("DATABASE_URL's password is a default or too short (at least 12 characters): give the database user its own password.");
    }
  }
  for (const [name, value] of [
    ['CDN_COUNTRY_HEADER', e.CDN_COUNTRY_HEADER],
    ['CDN_REGION_HEADER', e.CDN_REGION_HEADER],
  ] as const) {
    if (value !== undefined && e.TRUSTED_PROXIES.length === 0) {
      problems.push(`${name} needs TRUSTED_PROXIES: the header is believed only from those addresses (the CDN's or your proxy's), never from a visitor.`);
    }
  }
  return problems;
};

const databasePassword = (url: string): string | undefined => {
  try {
    const password = new URL(url).password;
    return password === '' ? undefined : decodeURIComponent(password);
  } catch {
    return undefined;
  }
};

/** Reads and validates the environment once; a bad value stops the CLI with a message that says what to set. */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): ApiConfig => {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid dev API environment: ${details}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const problems = combinationProblems(e, production);
  if (problems.length > 0) throw new Error(`Refusing to start:\n  - ${problems.join('\n  - ')}`);
  const dbFile = dbFileOf(env);
  return {
    production,
    port: e.API_PORT,
    host: e.API_HOST,
    dbFile,
    outboxFile: e.OUTBOX_FILE ? resolve(e.OUTBOX_FILE) : join(dirname(dbFile), 'outbox.json'),
    corsOrigins: e.CORS_ORIGINS,
    allowedHosts: e.API_ALLOWED_HOSTS,
    appUrl: e.APP_URL,
    devMode: e.DEV_MODE,
    devSecret: e.DEV_MODE ? e.DEV_SECRET : undefined,
    jwtSecret: e.JWT_SECRET,
    trustedProxies: e.TRUSTED_PROXIES,
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
