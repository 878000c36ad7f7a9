import type { DomainCreate } from '../../src/schemas/domain';
import { notFound, type ApiError } from '../http/errors';
import { newClaim } from './domainVerification';
import { ownedRow } from './ownedRow';
import type { Store } from '../store/store';
import type { ConsentSolutionRow, DomainRow, DomainSummary } from '../store/types';

/** Domains (ENT-1): one flat collection, each row in one consent solution of one account. */

export const DOMAINS = 'domains';

export const domainRows = (store: Store): DomainRow[] => store.rows<DomainRow>(DOMAINS);

/** The ids of a consent solution's domains, in the order they were stored. */
export const domainIdsOf = (store: Store, consentSolutionId: number): number[] =>
  domainRows(store)
    .filter((d) => d.consentSolutionId === consentSolutionId)
    .map((d) => d.id);

const domainNotFound = (): ApiError => notFound();

export const ownDomain = (store: Store, caller: { accountId: number }, idParam: string | undefined): DomainRow =>
  ownedRow(domainRows(store), caller, idParam, domainNotFound);

/** A host name matches a domain when equal or a subdomain of it (`www.shop.com` for `shop.com`). */
export const hostMatches = (hostname: string, domain: string): boolean => hostname === domain || hostname.endsWith(`.${domain}`);

export const summaryOf = (domain: DomainRow): DomainSummary => ({
  id: domain.id,
  canonicalDomain: domain.canonicalDomain,
  type: domain.type,
  status: domain.status,
});

/** A new domain: read-only fields at their starting values (ENT-1); the scanner changes them later. The store gives the id. */
export const newDomainRow = (
  solution: Pick<ConsentSolutionRow, 'id' | 'accountId'>,
  input: DomainCreate,
  createdBy: string,
  now: string,
): Omit<DomainRow, 'id'> => ({
  accountId: solution.accountId,
  consentSolutionId: solution.id,
  canonicalDomain: input.canonicalDomain,
  type: input.type,
  defaultLanguage: input.defaultLanguage,
  scanDepth: input.scanDepth,
  scanFrequency: input.scanFrequency,
  status: 'pending',
  createdAt: now,
  createdBy,
  updatedAt: now,
  lastScanAt: null,
  cookiesFound: 0,
  // DEPLOY-4: a new claim to prove; until then the domain blocks no one, is not scanned nor billed.
  verification: newClaim(new Date(now)),
});
