/**
 * The bench database: the demo seed plus 10,000 consent solutions in Demo Shop (account 1),
 * each with a public domain and, every third one, an internal alias (summary kept in step).
 * Shared by the benchmark suite (bench/run.ts) and bench/consentSolutionsApi.ts.
 */
import type { LanguageCode } from '../src/shared/languages';
import { buildSeedState } from '../dev-server/seed';
import { newClaim, provedClaim } from '../dev-server/data/domainVerification';
import { writeJsonAtomic } from '../dev-server/store/jsonFile';
import type { ConsentSolutionRow, DomainRow } from '../dev-server/store/types';

export const SOLUTIONS = 10_000;
export const ACCOUNT_ID = 1; // Demo Shop, owner@demo.test
export const BENCH_BCRYPT_COST = 10;

const WORDS = ['Bakery', 'Garage', 'Florist', 'Bookshop', 'Studio', 'Clinic', 'Hotel', 'Cafe', 'Agency', 'Outlet'];
const LANGUAGES: LanguageCode[] = ['en', 'fr', 'de', 'es', 'it'];

/** 10,000 solutions, each with a public domain and, every third one, an alias (summary kept in step). */
export const bulkRows = (now: string): { consentSolutions: ConsentSolutionRow[]; domains: DomainRow[] } => {
  const consentSolutions: ConsentSolutionRow[] = [];
  const domains: DomainRow[] = [];
  for (let i = 1; i <= SOLUTIONS; i += 1) {
    const own: DomainRow[] = [];
    const add = (canonicalDomain: string, type: DomainRow['type']): void => {
      own.push({
        id: domains.length + own.length + 1,
        accountId: ACCOUNT_ID,
        consentSolutionId: i,
        canonicalDomain,
        type,
        defaultLanguage: 'en',
        scanDepth: 500,
        scanFrequency: 7,
        status: 'active',
        createdAt: now,
        createdBy: 'owner@demo.test',
        updatedAt: now,
        lastScanAt: now,
        cookiesFound: i % 50,
        // Verified like the demo's (DEPLOY-4): the bench measures listing and scanning verified domains.
        verification: provedClaim(newClaim(new Date(now)), 'dns', new Date(now)),
      });
    };
    add(`shop-${i}.com`, 'website');
    if (i % 3 === 0) add(`staging.shop-${i}.com`, 'internal_alias');
    domains.push(...own);
    consentSolutions.push({
      id: i,
      accountId: ACCOUNT_ID,
      name: `${WORDS[i % WORDS.length] ?? 'Shop'} ${i}`,
      defaultLanguage: LANGUAGES[i % LANGUAGES.length] ?? 'en',
      additionalLanguages: [],
      sharedConsent: false,
      autoblocking: i % 2 === 0,
      consentVersion: 1,
      consentVersionAt: now,
      createdAt: now,
      updatedAt: now,
      domains: own.map((d) => ({ id: d.id, canonicalDomain: d.canonicalDomain, type: d.type, status: d.status })),
    });
  }
  return { consentSolutions, domains };
};

/** Writes the seeded bench database (and an empty outbox) to these files. */
export const writeBenchDb = async (dbFile: string, outboxFile: string): Promise<void> => {
  const state = await buildSeedState({ bcryptCost: BENCH_BCRYPT_COST });
  writeJsonAtomic(dbFile, { ...state, ...bulkRows(new Date().toISOString()) });
  writeJsonAtomic(outboxFile, []);
};
