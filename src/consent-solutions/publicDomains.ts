import { isPublicDomainType, type DomainType } from '../shared/domainTypes';

/**
 * The list's second column: only public domains identify a site to customers (ROUTE-10). Its
 * own module so the list loads no form schema (docs/performance.md).
 */
export const publicDomains = <Domain extends { type: DomainType }>(solution: { domains?: Domain[] }): Domain[] =>
  (solution.domains ?? []).filter((domain) => isPublicDomainType(domain.type));
