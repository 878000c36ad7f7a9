import { getDomain } from 'tldts';
import thirdPartyWeb from 'third-party-web/nostats-subset.js';
import type { CookieCategory } from '../../../src/schemas/cookie';

/**
 * SCAN-4: who a host belongs to. First or third party is decided on registrable domains (the
 * public suffix list, private suffixes included, as browsers decide what a site is); the company
 * and category of a third party come from the `third-party-web` package (MIT), its subset without
 * usage statistics.
 */

/** third-party-web's categories (its `category` field). */
export type ThirdPartyCategory =
  | 'ad'
  | 'analytics'
  | 'cdn'
  | 'consent-provider'
  | 'content'
  | 'customer-success'
  | 'hosting'
  | 'marketing'
  | 'other'
  | 'social'
  | 'tag-manager'
  | 'utility'
  | 'video';

export interface HostClassification {
  /** The company behind the host, e.g. `Google`; null when third-party-web does not know the host. */
  company: string | null;
  /** The product or entity, e.g. `Google Analytics`. */
  entity: string | null;
  category: ThirdPartyCategory | null;
}

/** `www.shop.co.uk` → `shop.co.uk`; an address or a single label (`localhost`) stands for itself. */
export const registrableDomain = (host: string): string => {
  const bare = host.trim().toLowerCase().replace(/^\./, '').replace(/\.$/, '');
  return getDomain(bare, { allowPrivateDomains: true }) ?? bare;
};

/** Whether `host` (a request's host or a cookie's domain) is outside the site whose domain is `site`. */
export const isThirdParty = (host: string, site: string): boolean => registrableDomain(host) !== registrableDomain(site);

export const classifyHost = (host: string): HostClassification => {
  const entity = thirdPartyWeb.getEntity(host.toLowerCase());
  return entity
    ? { company: entity.company, entity: entity.name, category: entity.category as ThirdPartyCategory }
    : { company: null, entity: null, category: null };
};

/**
 * What consent a request to such a host needs, in our categories. Infrastructure (CDNs, hosting,
 * utilities, consent managers, tag managers, which Consent Mode loads before any choice by design)
 * is necessary; embedded content and support widgets are functional; an unknown host is
 * unclassified, so it is reported until someone classifies it.
 */
export const consentCategoryOfHost = (category: ThirdPartyCategory | null): CookieCategory => {
  switch (category) {
    case 'ad':
    case 'social':
    case 'marketing':
      return 'marketing';
    case 'analytics':
      return 'statistics';
    case 'content':
    case 'customer-success':
    case 'video':
      return 'functional';
    case 'cdn':
    case 'hosting':
    case 'utility':
    case 'consent-provider':
    case 'tag-manager':
      return 'necessary';
    default:
      return 'unclassified';
  }
};
