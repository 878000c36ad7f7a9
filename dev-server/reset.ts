import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { loadConfig } from './config';
import { demoLogins, seedDbFile } from './seed';

// Reseeds the database (and empties the outbox). Restart a running `npm run api` afterwards:
// it keeps its state in memory and would overwrite the file on its next write.
const config = loadConfig();
mkdirSync(dirname(config.dbFile), { recursive: true });
await seedDbFile(config.dbFile, { outboxFile: config.outboxFile });
console.log(`Reseeded ${config.dbFile} with ${demoLogins.length} demo users (password ${demoLogins[0]?.password}).`);
