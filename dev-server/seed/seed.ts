import { randomBytes } from 'node:crypto';
import { hashPassword, MIN_BCRYPT_COST } from '../auth/passwords';
import { buildCoupons } from './coupons';
import { writeJsonAtomic } from '../store/jsonFile';
import type { DbState } from '../store/types';
import { buildConsentHistory } from './consentHistory';
import { buildConsentData } from './consentSolutionsData';
import { buildScanHistory } from './scanHistory';
import { buildAccounts, buildUsers, DEMO_PASSWORD, READ_ONLY_DEMO_ACCOUNT } from './demoData';
import { buildSolutionContent } from './solutionContentData';

interface SeedOptions {
  now?: Date;
  bcryptCost?: number;
}

// Every seed user shares one password: hash it once per process and cost (tests seed often).
const hashes = new Map<number, Promise<string>>();
const demoPasswordHash = (cost: number): Promise<string> => {
  let hash = hashes.get(cost);
  if (!hash) {
    hash = hashPassword(DEMO_PASSWORD, cost);
    hashes.set(cost, hash);
  }
  return hash;
};

/** A fresh database state: demo accounts, users, consent solutions and domains, a new JWT secret, no tokens. */
export const buildSeedState = async (options: SeedOptions = {}): Promise<DbState> => {
  const now = options.now ?? new Date();
  const accounts = buildAccounts(now);
  const users = buildUsers(accounts, await demoPasswordHash(options.bcryptCost ?? MIN_BCRYPT_COST), now);
  const consentData = buildConsentData(accounts, users, now);
  const content = buildSolutionContent(consentData.consentSolutions, now);
  return {
    meta: { jwtSecret: randomBytes(48).toString('base64url'), seededAt: now.toISOString(), sequences: {} },
    accounts,
    users,
    passwordTokens: [],
    // Subscription coupons (docs/api.md, Subscriptions): WELCOME20, and EXPIRED10 already expired.
    coupons: buildCoupons(now),
    ...consentData,
    // Translations and cookies of the seeded solutions (docs/api.md, Translations and Cookies).
    ...content,
    // A finished scan with open findings in the triage inbox, and a failed one (BEYOND-4, SCAN-7).
    ...buildScanHistory(consentData.consentSolutions, consentData.domains, content.cookies, now),
    // Demo Shop's consent records, so the compliance dashboard has history (BEYOND-3).
    // and the read-only demo's (ROLE-4: its dashboard is what a visitor of the demo looks at).
    consentRecords: [
      ...buildConsentHistory(consentData.consentSolutions, consentData.domains, now),
      ...buildConsentHistory(consentData.consentSolutions, consentData.domains, now, READ_ONLY_DEMO_ACCOUNT),
    ].sort((a, b) => a.decidedAt.localeCompare(b.decidedAt)),
  };
};

/**
 * DEPLOY-1: a production database's first state: no account, user, solution or coupon. Gallery
 * templates and default texts are product content, put in on first use; the first administrator
 * comes from `npm run create-admin`. `coupons` is present (empty) so no demo code is added later.
 */
export const buildProductionState = (now = new Date()): DbState => ({
  meta: { jwtSecret: randomBytes(48).toString('base64url'), seededAt: now.toISOString(), sequences: {} },
  accounts: [],
  users: [],
  passwordTokens: [],
  coupons: [],
});

/** Writes a freshly seeded database to `dbFile` (atomically) and empties the outbox if given. */
export const seedDbFile = async (dbFile: string, options: SeedOptions & { outboxFile?: string } = {}): Promise<DbState> => {
  const state = await buildSeedState(options);
  writeJsonAtomic(dbFile, state);
  if (options.outboxFile) writeJsonAtomic(options.outboxFile, []);
  return state;
};
