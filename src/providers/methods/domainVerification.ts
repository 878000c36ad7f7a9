import type { DataProvider, Identifier } from 'ra-core';
import type { DomainRecord } from '../../schemas/domain';
import { segment, sendJson } from './jsonCalls';

/** DEPLOY-4 (docs/api.md "Domain ownership"): check a domain's proof of control, or start a new claim. */
export interface DomainVerificationMethods {
  /** Answers the verified domain; a failed check is refused with what each proof lacks. */
  verifyDomain(domainId: Identifier): Promise<DomainRecord>;
  renewDomainToken(domainId: Identifier): Promise<DomainRecord>;
}

const domainPath = (domainId: Identifier) => `/domains/${segment(domainId)}`;

export const withDomainVerificationMethods = <T extends DataProvider>(base: T): T & DomainVerificationMethods => ({
  ...base,
  verifyDomain: (domainId) => sendJson(`${domainPath(domainId)}/verify`, 'POST', undefined, 'deploy.verification.verify_error'),
  renewDomainToken: (domainId) => sendJson(`${domainPath(domainId)}/verification-token`, 'POST', undefined, 'deploy.verification.token_error'),
});
