import { getDomain } from 'tldts';
import type { Violation } from '../../src/shared/violations';
import {
  changedImmutableDomainFields,
  domainRuleMessages,
  isPublicDomainType,
  type DomainRuleMessageKey,
  type DomainType,
  type ImmutableDomainField,
} from '../../src/schemas/domain';

/**
 * Business rules on domains and consent solutions (ERR-2) that need more than one request body:
 * they look at the stored data. Pure: the caller passes a read-only snapshot and gets back the
 * violations to answer with (an empty list means allowed), in the API's error format (ENT-8).
 */

/** json-server ids may be numbers or strings, and route params are always strings. */
type RecordId = number | string;

export interface DomainRecord {
  id: RecordId;
  consentSolutionId: RecordId;
  accountId: RecordId;
  canonicalDomain: string;
  type: DomainType;
  /** Absent means active: the spec shows no domain lifecycle, only that "active" ones exist. */
  status?: string;
  /** DEPLOY-4: whether its owner proved control; only a verified domain blocks another account. Absent means verified. */
  verified?: boolean;
}

export interface ConsentSolutionRecord {
  id: RecordId;
  accountId: RecordId;
}

export interface DomainRulesView {
  domains: readonly DomainRecord[];
  consentSolutions: readonly ConsentSolutionRecord[];
}

const violation = (propertyPath: string, messageKey: DomainRuleMessageKey): Violation => ({
  propertyPath,
  message: domainRuleMessages[messageKey],
  payload: { messageKey },
});

const sameId = (a: RecordId, b: RecordId): boolean => String(a) === String(b);

/** A deleted domain is history (kept for audit), not a domain any more. */
const DELETED_STATUS = 'deleted';
/** Statuses of domains that exist but are switched off; anything else (or none) is active. */
const INACTIVE_STATUSES: ReadonlySet<string> = new Set([DELETED_STATUS, 'inactive', 'disabled']);

const isDeletedDomain = (domain: Pick<DomainRecord, 'status'>): boolean => domain.status === DELETED_STATUS;
const isVerified = (domain: Pick<DomainRecord, 'verified'>): boolean => domain.verified !== false;
export const isActiveDomain = (domain: Pick<DomainRecord, 'status'>): boolean => domain.status === undefined || !INACTIVE_STATUSES.has(domain.status);

/** Stored data should already be canonical; this only guards against a hand-edited db.json. */
const normaliseHost = (host: string): string => host.trim().toLowerCase().replace(/\.+$/, '');

/**
 * The registrable ("root") domain: `shop.example.co.uk` → `example.co.uk`. Private suffixes of
 * the Public Suffix List count as suffixes here, so `alice.github.io` and `bob.github.io` are
 * different roots (they have different owners); a name that is itself a private suffix
 * (`github.io`) falls back to its ICANN registrable domain.
 */
export const rootDomainOf = (canonicalDomain: string): string | null => {
  const host = normaliseHost(canonicalDomain);
  return getDomain(host, { allowPrivateDomains: true }) ?? getDomain(host);
};

// ---------------------------------------------------------------------------------------------
// Creating or changing a domain

interface DomainCandidate {
  /** Set when re-checking an existing domain, so it does not collide with itself. */
  id?: RecordId;
  accountId: RecordId;
  canonicalDomain: string;
}

/**
 * A canonical domain exists once in the whole system, deleted ones excepted, once its owner
 * proved control (DEPLOY-4): a verified domain blocks every other claim of it, and an account
 * never holds the same domain twice. Another account's unverified claim blocks no one: whoever
 * proves control first has it, so a claim made without proof cannot lock the real owner out.
 */
export const duplicateCanonicalDomain = (view: DomainRulesView, candidate: DomainCandidate): Violation[] => {
  const host = normaliseHost(candidate.canonicalDomain);
  const clash = view.domains.some(
    (domain) =>
      !isDeletedDomain(domain) &&
      (candidate.id === undefined || !sameId(domain.id, candidate.id)) &&
      normaliseHost(domain.canonicalDomain) === host &&
      (isVerified(domain) || sameId(domain.accountId, candidate.accountId)),
  );
  return clash ? [violation('canonicalDomain', 'error.backend.domain_already_exists')] : [];
};

/**
 * A domain whose root domain another account verified is refused: one customer must not scan
 * or place a consent banner on another customer's site (`shop.example.com` when `example.com` is
 * someone else's). Unverified claims of another account do not count (DEPLOY-4).
 */
export const rootDomainOfOtherAccount = (view: DomainRulesView, candidate: DomainCandidate): Violation[] => {
  const root = rootDomainOf(candidate.canonicalDomain);
  if (root === null) return [];
  const taken = view.domains.some(
    (domain) =>
      !isDeletedDomain(domain) &&
      isVerified(domain) &&
      (candidate.id === undefined || !sameId(domain.id, candidate.id)) &&
      !sameId(domain.accountId, candidate.accountId) &&
      rootDomainOf(domain.canonicalDomain) === root,
  );
  return taken ? [violation('canonicalDomain', 'error.backend.root_domain_other_account')] : [];
};

/** The canonical domain and type are fixed at creation; a body that changes either is refused, one violation per field. */
export const immutableDomainFields = (existing: Readonly<Record<ImmutableDomainField, string>>, body: unknown): Violation[] =>
  changedImmutableDomainFields(existing, body).map((field) => violation(field, 'error.backend.domain_immutable'));

/** Every rule for `POST` of a new domain (or of a consent solution with its first domain). */
export const checkDomainCreation = (view: DomainRulesView, candidate: DomainCandidate): Violation[] => {
  const duplicates = duplicateCanonicalDomain(view, candidate);
  // A duplicate already says it all; adding "belongs to another account" would leak whose it is twice.
  return duplicates.length > 0 ? duplicates : rootDomainOfOtherAccount(view, candidate);
};

// ---------------------------------------------------------------------------------------------
// Removing

/**
 * An account keeps at least one public domain (ERR-2: "the last public domain of the last
 * consent solution cannot be removed"). Read as an account-wide invariant: removal is refused
 * when no other active public domain would remain in any of the account's consent solutions,
 * which is the spec's case and also covers solutions that hold only aliases. Aliases are always
 * removable. An unknown id gives no violation: the route answers its own 404.
 */
export const lastPublicDomainRemoval = (view: DomainRulesView, domainId: RecordId): Violation[] => {
  const target = view.domains.find((domain) => sameId(domain.id, domainId));
  if (target === undefined || !isPublicDomainType(target.type) || !isActiveDomain(target)) return [];
  const accountSolutionIds = new Set(
    view.consentSolutions.filter((solution) => sameId(solution.accountId, target.accountId)).map((solution) => String(solution.id)),
  );
  const anotherPublicDomainRemains = view.domains.some(
    (domain) =>
      !sameId(domain.id, target.id) &&
      isPublicDomainType(domain.type) &&
      isActiveDomain(domain) &&
      sameId(domain.accountId, target.accountId) &&
      accountSolutionIds.has(String(domain.consentSolutionId)),
  );
  return anotherPublicDomainRemains ? [] : [violation('', 'error.backend.last_public_domain')];
};

/** A consent solution with active domains cannot be removed: its domains would be orphaned, still scanned and billed. */
export const consentSolutionWithActiveDomainsRemoval = (view: DomainRulesView, consentSolutionId: RecordId): Violation[] =>
  view.domains.some((domain) => sameId(domain.consentSolutionId, consentSolutionId) && isActiveDomain(domain))
    ? [violation('', 'error.backend.consent_solution_has_active_domains')]
    : [];
