import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { ensureBannerBuilt } from '../banner/build/buildBanner';
import { DEFAULT_BCRYPT_COST } from './auth/passwords';
import { loadConfig } from './config';
import { createServer } from './createServer';
import { demoDataProblem } from './deployChecks';
import { defaultAllowedHosts } from './guards/allowedHost';
import { buildProductionState, demoLogins, seedDbFile } from './seed';
import { dbLockHolder, describeDbLock, holdDbLock } from './store/dbLock';
import { writeJsonAtomic } from './store/jsonFile';
import type { User } from './store/types';

/** Refusals go to stderr as one message that says what to set, never as a stack trace. */
function refuse(message: string): never {
  console.error(message);
  process.exit(1);
}

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  refuse((error as Error).message);
}

// Publishing composes the built banner runtime: build it now if its sources changed (a fresh clone).
await ensureBannerBuilt();
mkdirSync(dirname(config.dbFile), { recursive: true });
const holder = dbLockHolder(config.dbFile);
if (holder) refuse(describeDbLock(config.dbFile, holder));
let seededDemo = false;
if (!existsSync(config.dbFile)) {
  if (config.production) {
    // DEPLOY-1: production seeds nothing; the first administrator comes from npm run create-admin.
    writeJsonAtomic(config.dbFile, buildProductionState());
    console.log(`Created an empty database at ${config.dbFile}`);
  } else {
    // Seeded at the cost the server hashes with, so every password check costs the same (SEC-7).
    await seedDbFile(config.dbFile, { outboxFile: config.outboxFile, bcryptCost: DEFAULT_BCRYPT_COST });
    seededDemo = true;
    console.log(`Seeded a new database at ${config.dbFile}`);
  }
}

const server = createServer({
  dbFile: config.dbFile,
  outboxFile: config.outboxFile,
  corsOrigins: config.corsOrigins,
  appUrl: config.appUrl,
  devMode: config.devMode,
  devSecret: config.devSecret,
  sessionSecret: config.jwtSecret,
  trustedProxies: config.trustedProxies,
  apiHost: config.host,
  allowedHosts: config.allowedHosts,
  scanner: {
    schedule: config.scannerSchedule,
    workers: config.scanner.workers,
    timeLimitMs: config.scanner.timeLimitMs,
    sampleSize: config.scanner.samplePages,
    settings: { pagesAtOnce: config.scanner.pagesAtOnce, perHostLimit: config.scanner.perHost },
  },
  gvl: { url: config.gvlUrl, refreshMs: config.gvlRefreshMs },
  acProviders: { url: config.acProvidersUrl, refreshMs: config.gvlRefreshMs },
  tcfCmpId: config.tcfCmpId,
  countryHeader: config.countryHeader,
  regionHeader: config.regionHeader,
  consentLog: { dataDir: config.consentLogDir, databaseUrl: config.databaseUrl, servePort: config.databaseUrl ? undefined : config.embeddedDbPort },
});
const demoProblem = config.production ? demoDataProblem(server.store.state()) : null;
if (demoProblem) {
  await server.close();
  refuse(demoProblem);
}
const releaseLock = holdDbLock(config.dbFile);
// LOG-1: the consent log is created, migrated and seeded now rather than on the first visitor.
await server.context.consentLog.ready();
// SCAN-2: the queue, its schedule and this process's scanner workers start now.
await server.scanner.start();
const database = await server.context.consentLog.database();
await server.retention.run();

const users = server.store.rows<User>('users');
const demo = !config.production && users.some((user) => demoLogins.some((login) => login.email === user.email));
const http = server.app.listen(config.port, config.host, () => {
  console.log(
    `API listening on http://${config.host}:${config.port} (${config.production ? 'production' : 'development'}; dev routes ${config.devMode ? 'on' : 'off'})`,
  );
  console.log(`Allowed origins: ${config.corsOrigins.join(', ')}`);
  console.log(`Allowed hosts: ${(config.allowedHosts ?? defaultAllowedHosts(config.host, config.port)).join(', ')}`);
  console.log(`Trusted proxies: ${config.trustedProxies.length > 0 ? config.trustedProxies.join(', ') : 'none (forwarding and CDN headers ignored)'}`);
  console.log(
    `Global Vendor List: ${config.gvlUrl ? `${config.gvlUrl} (refreshed every ${config.gvlRefreshMs / 3_600_000} h)` : 'the shipped list (TCF_GVL_URL to refresh from the IAB)'}`,
  );
  console.log(
    `Additional Consent providers: ${config.acProvidersUrl ? `${config.acProvidersUrl} (refreshed with the GVL)` : "the shipped list (TCF_AC_PROVIDERS_URL to refresh from Google's)"}`,
  );
  console.log(`Consent log: ${config.databaseUrl ? 'PostgreSQL server (DATABASE_URL)' : `embedded PostgreSQL in ${config.consentLogDir}`}`);
  console.log(`Scheduled cookie scans: ${config.scannerSchedule ? 'on' : 'off (SCANNER_SCHEDULE=on to crawl domains on their frequency)'}`);
  console.log(
    `Scanner: ${config.scanner.workers} worker(s) in this process; ${database.url ? `more with DATABASE_URL=${database.url.replace(/:[^:@/]*@/, ':***@')} npm run scanner` : 'EMBEDDED_DB_PORT=5433 to let npm run scanner processes share the embedded database'}`,
  );
  if (!users.some((user) => user.roles.includes('ROLE_ADMIN'))) {
    console.log('No administrator yet: stop the API and run npm run create-admin -- --email you@example.com');
  }
  // The demo logins' password is public (README); a production database never has them.
  if (demo) {
    console.log(`Demo logins${seededDemo ? ', just seeded' : ''} (password for all, published in the README: ${demoLogins[0]?.password}):`);
    for (const login of demoLogins) console.log(`  ${login.email.padEnd(22)} ${login.roles.join(',').padEnd(12)} ${login.accountName} — ${login.note}`);
  }
  if (config.devMode) {
    console.log(`Dev routes (this machine, header X-Dev-Secret: the run's DEV_SECRET): http://${config.host}:${config.port}/dev/outbox`);
  }
});

const shutdown = (): void => {
  http.close();
  http.closeAllConnections();
  void server.close().then(() => {
    releaseLock();
    process.exit(0);
  });
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
