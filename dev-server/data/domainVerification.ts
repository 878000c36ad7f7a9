import { randomBytes } from 'node:crypto';
import { CLAIM_DAYS, type DomainVerification, type StoredDomainVerification, type VerificationMethod } from '../../src/shared/domainVerification';
import type { Store } from '../store/store';
import type { DomainRow } from '../store/types';

/**
 * DEPLOY-4: the stored proof of control of a domain (its status is derived from the clock): a
 * random token per claim, who proved it how and when, the last check. A domain is billable and
 * scannable only once verified; an unverified claim lapses after CLAIM_DAYS.
 */
type StoredVerification = StoredDomainVerification;

const DAY_MS = 86_400_000;

/** 24 random bytes, URL- and DNS-safe. */
const newToken = (): string => `cv-${randomBytes(24).toString('base64url')}`;

export const newClaim = (now: Date): StoredVerification => ({
  token: newToken(),
  method: null,
  verifiedAt: null,
  expiresAt: new Date(now.getTime() + CLAIM_DAYS * DAY_MS).toISOString(),
  checkedAt: null,
  problems: [],
});

/** A claim proved at `at` (the seed's demo domains, a successful check). */
export const provedClaim = (claim: StoredVerification, method: VerificationMethod, at: Date): StoredVerification => ({
  ...claim,
  method,
  verifiedAt: at.toISOString(),
  expiresAt: null,
  checkedAt: at.toISOString(),
  problems: [],
});

export const isDomainVerified = (domain: Pick<DomainRow, 'verification'>): boolean => domain.verification.verifiedAt !== null;

export const verificationOf = (domain: Pick<DomainRow, 'verification'>, now: Date): DomainVerification => {
  const claim = domain.verification;
  const status = claim.verifiedAt !== null ? 'verified' : claim.expiresAt !== null && Date.parse(claim.expiresAt) <= now.getTime() ? 'expired' : 'pending';
  return { status, ...structuredClone(claim) };
};

/**
 * Domains stored before proofs existed get a claim to prove, starting now: being listed is no
 * proof of control. Run once at start.
 */
export const claimUnprovedDomains = (store: Store, now: Date): number => {
  let claimed = 0;
  for (const domain of store.rows<DomainRow>('domains')) {
    if ((domain as Partial<DomainRow>).verification === undefined) {
      domain.verification = newClaim(now);
      claimed += 1;
    }
  }
  if (claimed > 0) store.write();
  return claimed;
};
