import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { ensureBannerBuilt } from '../banner/build/buildBanner';
import { DEFAULT_BCRYPT_COST } from './auth/passwords';
import { loadConfig } from './config';
import { createServer } from './createServer';
import { defaultAllowedHosts } from './guards/allowedHost';
import { demoLogins, seedDbFile } from './seed';

const config = loadConfig();
// Publishing composes the built banner runtime: build it now if its sources changed (a fresh clone).
await ensureBannerBuilt();
mkdirSync(dirname(config.dbFile), { recursive: true });
if (!existsSync(config.dbFile)) {
  // Seeded at the cost the server hashes with, so every password check costs the same (SEC-7).
  await seedDbFile(config.dbFile, { outboxFile: config.outboxFile, bcryptCost: DEFAULT_BCRYPT_COST });
  console.log(`Seeded a new database at ${config.dbFile}`);
}

const server = createServer({
  dbFile: config.dbFile,
  outboxFile: config.outboxFile,
  corsOrigins: config.corsOrigins,
  appUrl: config.appUrl,
  devMode: config.devMode,
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
// LOG-1: the consent log is created, migrated and seeded now rather than on the first visitor.
await server.context.consentLog.ready();
// SCAN-2: the queue, its schedule and this process's scanner workers start now.
await server.scanner.start();
const database = await server.context.consentLog.database();
await server.retention.run();

const http = server.app.listen(config.port, config.host, () => {
  console.log(`Dev API listening on http://${config.host}:${config.port} (dev mode ${config.devMode ? 'on' : 'off'})`);
  console.log(`Allowed origins: ${config.corsOrigins.join(', ')}`);
  console.log(`Allowed hosts: ${(config.allowedHosts ?? defaultAllowedHosts(config.host, config.port)).join(', ')}`);
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
  console.log('Demo logins (password for all: %s):', demoLogins[0]?.password);
  for (const login of demoLogins) console.log(`  ${login.email.padEnd(22)} ${login.roles.join(',').padEnd(12)} ${login.accountName} — ${login.note}`);
  if (config.devMode) console.log(`Outbox (recovery emails, loopback clients only): http://${config.host}:${config.port}/dev/outbox`);
});

const shutdown = (): void => {
  http.close();
  http.closeAllConnections();
  void server.close().then(() => process.exit(0));
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
