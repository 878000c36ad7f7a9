/**
 * DEPLOY-4: how a customer proves control of a domain, shared by the admin (its instructions)
 * and the dev API (its checks): a TXT record or a file, each holding the claim's token.
 */

/** Days an unverified claim lasts; it blocks no one meanwhile, and after it the token is void. */
export const CLAIM_DAYS = 7;

export const VERIFICATION_RECORD_LABEL = '_consent-verification';

export const VERIFICATION_FILE_PATH = '/.well-known/consent-verification.txt';

/** The DNS name of the TXT record: `_consent-verification.shop.example.com`. */
export const verificationRecordName = (canonicalDomain: string): string => `${VERIFICATION_RECORD_LABEL}.${canonicalDomain}`;

/** Where the file is read: `https://shop.example.com/.well-known/consent-verification.txt`. */
export const verificationFileUrl = (canonicalDomain: string): string => `https://${canonicalDomain}${VERIFICATION_FILE_PATH}`;

export const VERIFICATION_STATUSES = ['pending', 'verified', 'expired'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

export type VerificationMethod = 'dns' | 'file';

/** A domain's proof of control as the API answers it (docs/api.md "Domain ownership"). */
export interface DomainVerification {
  status: VerificationStatus;
  /** What the TXT record or the file must hold. */
  token: string;
  method: VerificationMethod | null;
  verifiedAt: string | null;
  /** When an unverified claim lapses (null once verified). */
  expiresAt: string | null;
  /** The last check, and the message keys of what it did not find (empty when it succeeded). */
  checkedAt: string | null;
  problems: string[];
}

/** What the API stores of it: the status follows from the clock. */
export type StoredDomainVerification = Omit<DomainVerification, 'status'>;
