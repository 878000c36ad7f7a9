import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { ensureBannerBuilt } from '../banner/build/buildBanner';
import { loadConfig } from './config';
import { createServer } from './createServer';
import { demoLogins, seedDbFile } from './seed';

const config = loadConfig();
// Publishing composes the built banner runtime: build it now if its sources changed (a fresh clone).
await ensureBannerBuilt();
mkdirSync(dirname(config.dbFile), { recursive: true });
if (!existsSync(config.dbFile)) {
  await seedDbFile(config.dbFile, { outboxFile: config.outboxFile });
  console.log(`Seeded a new database at ${config.dbFile}`);
}

const server = createServer({
  dbFile: config.dbFile,
  outboxFile: config.outboxFile,
  corsOrigins: config.corsOrigins,
  appUrl: config.appUrl,
  devMode: config.devMode,
  scanner: { schedule: config.scannerSchedule },
});

const http = server.app.listen(config.port, config.host, () => {
  console.log(`Dev API listening on http://${config.host}:${config.port} (dev mode ${config.devMode ? 'on' : 'off'})`);
  console.log(`Allowed origins: ${config.corsOrigins.join(', ')}`);
  console.log(`Scheduled cookie scans: ${config.scannerSchedule ? 'on' : 'off (SCANNER_SCHEDULE=on to crawl domains on their frequency)'}`);
  console.log('Demo logins (password for all: %s):', demoLogins[0]?.password);
  for (const login of demoLogins) console.log(`  ${login.email.padEnd(22)} ${login.roles.join(',').padEnd(12)} ${login.accountName} — ${login.note}`);
  if (config.devMode) console.log(`Outbox (recovery emails): http://${config.host}:${config.port}/dev/outbox`);
});

const shutdown = (): void => {
  http.close();
  http.closeAllConnections();
  void server.close().then(() => process.exit(0));
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
