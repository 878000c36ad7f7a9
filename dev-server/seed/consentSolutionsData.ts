import type { DomainType, ScanDepth, ScanFrequencyDays } from '../../src/schemas/domain';
import type { LanguageCode } from '../../src/shared/languages';
import { newClaim, provedClaim } from '../data/domainVerification';
import type { Account, ConsentSolutionRow, DomainRow, DomainStatus, User } from '../store/types';

/**
 * Demo consent solutions and domains. Every domain is canonical and passes the domain rules
 * (unique, root domain owned by one account only); domains.test.ts proves it.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

interface SeedDomain {
  canonicalDomain: string;
  type: DomainType;
  scanDepth: ScanDepth;
  scanFrequency: ScanFrequencyDays;
  status: DomainStatus;
  cookiesFound: number;
}

interface SeedSolution {
  account: string;
  /** Who set it up (createdBy of its domains). */
  by: string;
  name: string;
  defaultLanguage: LanguageCode;
  additionalLanguages: LanguageCode[];
  autoblocking: boolean;
  consentVersion: number;
  ageDays: number;
  domains: SeedDomain[];
}

const site = (
  canonicalDomain: string,
  status: DomainStatus,
  cookiesFound: number,
  scanDepth: ScanDepth = 500,
  scanFrequency: ScanFrequencyDays = 7,
): SeedDomain => ({
  canonicalDomain,
  type: 'website',
  scanDepth,
  scanFrequency,
  status,
  cookiesFound,
});
const alias = (canonicalDomain: string, type: 'internal_alias' | 'external_alias', status: DomainStatus = 'active'): SeedDomain => ({
  canonicalDomain,
  type,
  scanDepth: 500,
  scanFrequency: 0,
  status,
  cookiesFound: 0,
});

const SEED_SOLUTIONS: SeedSolution[] = [
  {
    account: 'Demo Shop',
    by: 'owner@demo.test',
    name: 'Demo Shop',
    defaultLanguage: 'en',
    additionalLanguages: ['fr', 'de'],
    autoblocking: true,
    consentVersion: 3,
    ageDays: 60,
    domains: [site('demo-shop.com', 'active', 42, 5000, 7), site('demo-shop.fr', 'active', 38, 5000, 30), alias('staging.demo-shop.com', 'internal_alias')],
  },
  {
    account: 'Demo Shop',
    by: 'owner@demo.test',
    name: 'Shop blog',
    defaultLanguage: 'en',
    additionalLanguages: ['fr'],
    autoblocking: false,
    consentVersion: 1,
    ageDays: 30,
    domains: [site('blog.demo-shop.com', 'active', 17), alias('demo-shop-preview.com', 'external_alias', 'pending')],
  },
  {
    account: 'Demo Shop',
    by: 'owner@demo.test',
    name: 'Help Center',
    defaultLanguage: 'fr',
    additionalLanguages: ['en'],
    autoblocking: false,
    consentVersion: 1,
    ageDays: 2,
    domains: [site('help.demo-shop.com', 'error', 0, 500, 1), site('aide-demo-shop.fr', 'pending', 0, 500, 30)],
  },
  {
    account: 'Other Company',
    by: 'other@demo.test',
    name: 'Other Company',
    defaultLanguage: 'en',
    additionalLanguages: [],
    autoblocking: false,
    consentVersion: 2,
    ageDays: 80,
    domains: [site('other-company.com', 'active', 25, 15000, 30)],
  },
  {
    account: 'Client Bakery',
    by: 'client@demo.test',
    name: 'Client Bakery',
    defaultLanguage: 'fr',
    additionalLanguages: ['en'],
    autoblocking: true,
    consentVersion: 1,
    ageDays: 45,
    domains: [site('client-bakery.fr', 'active', 12), alias('commande.client-bakery.fr', 'external_alias')],
  },
  {
    // ROLE-4: the read-only demo login looks at a solution of its own account, with cookies and consent history.
    account: 'Demo Read-only',
    by: 'demo@demo.test',
    name: 'Demo Store',
    defaultLanguage: 'en',
    additionalLanguages: ['fr'],
    autoblocking: true,
    consentVersion: 2,
    ageDays: 100,
    domains: [site('demo-store-readonly.com', 'active', 42, 5000, 7), site('demo-store-readonly.fr', 'active', 38, 500, 30)],
  },
];

export const buildConsentData = (accounts: Account[], users: User[], now: Date): { consentSolutions: ConsentSolutionRow[]; domains: DomainRow[] } => {
  const consentSolutions: ConsentSolutionRow[] = [];
  const domains: DomainRow[] = [];
  SEED_SOLUTIONS.forEach((seed, index) => {
    const owner = accounts.find((a) => a.name === seed.account);
    if (!owner || !users.some((u) => u.email === seed.by)) throw new Error(`Seed solution ${seed.name} names an unknown account or user`);
    const createdAt = new Date(now.getTime() - seed.ageDays * DAY_MS).toISOString();
    const solution: ConsentSolutionRow = {
      id: index + 1,
      accountId: owner.id,
      name: seed.name,
      defaultLanguage: seed.defaultLanguage,
      additionalLanguages: seed.additionalLanguages,
      sharedConsent: false,
      autoblocking: seed.autoblocking,
      consentVersion: seed.consentVersion,
      consentVersionAt: seed.consentVersion > 1 ? new Date(now.getTime() - DAY_MS).toISOString() : createdAt,
      createdAt,
      updatedAt: createdAt,
      domains: [],
    };
    for (const d of seed.domains) {
      const scanned = d.status !== 'pending';
      domains.push({
        id: domains.length + 1,
        accountId: owner.id,
        consentSolutionId: solution.id,
        canonicalDomain: d.canonicalDomain,
        type: d.type,
        defaultLanguage: seed.defaultLanguage,
        scanDepth: d.scanDepth,
        scanFrequency: d.scanFrequency,
        status: d.status,
        createdAt,
        createdBy: seed.by,
        updatedAt: createdAt,
        lastScanAt: scanned ? new Date(now.getTime() - 6 * 60 * 60 * 1000).toISOString() : null,
        cookiesFound: d.cookiesFound,
        // DEPLOY-4: the demo domains are verified (their owners proved control when they added them).
        verification: provedClaim(newClaim(new Date(createdAt)), 'dns', new Date(createdAt)),
      });
    }
    solution.domains = domains
      .filter((d) => d.consentSolutionId === solution.id)
      .map((d) => ({ id: d.id, canonicalDomain: d.canonicalDomain, type: d.type, status: d.status }));
    consentSolutions.push(solution);
  });
  return { consentSolutions, domains };
};
