import type { Violation } from '../../src/shared/violations';
import { consentSolutionRows } from '../data/consentSolutions';
import { domainRows } from '../data/domains';
import { ApiError } from '../http/errors';
import type { Store } from '../store/store';
import type { DomainRulesView } from './domainRules';

/** The stored data the pure domain rules read, with whether each domain's control was proved (DEPLOY-4). */
export const domainRulesView = (store: Store): DomainRulesView => ({
  domains: domainRows(store).map(({ id, consentSolutionId, accountId, canonicalDomain, type, status, verification }) => ({
    id,
    consentSolutionId,
    accountId,
    canonicalDomain,
    type,
    status,
    verified: verification.verifiedAt !== null,
  })),
  consentSolutions: consentSolutionRows(store),
});

/**
 * Duplicate and root-domain-of-another-account clash with stored data: 409, like the removal
 * rules; malformed input stays 400.
 */
export const ruleFailure = (violations: Violation[]): ApiError => new ApiError(409, violations);
