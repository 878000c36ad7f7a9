import type { SiteOptions } from './config';

/** A host on one of the shared domains (the domain itself or a subdomain). */
const isSharedHost = (hostname: string, domains: readonly string[]): boolean =>
  domains.some((domain) => hostname === domain || hostname.slice(-domain.length - 1) === `.${domain}`);

/**
 * Outgoing links to the account's other shared-consent sites carry the visitor's anonymous id
 * (`#cm_aid=…`), so the next site can ask the API for the choice made here.
 */
export const linkDecorator =
  (site: SiteOptions, anonymousId: () => string | null) =>
  (event: Event): void => {
    const target = event.target instanceof Element ? event.target : null;
    const link = target?.closest<HTMLAnchorElement>('a[href]');
    const aid = anonymousId();
    if (!link || !aid || !site.sharedConsent) return;
    try {
      const url = new URL(link.href, window.location.href);
      if (url.hostname === window.location.hostname || !isSharedHost(url.hostname, site.sharedDomains)) return;
      url.hash = `cm_aid=${aid}`;
      link.href = url.toString();
    } catch {
      // Not a URL.
    }
  };

/** The choice made on a sibling site, remembered by the API for this anonymous id. */
export const fetchSharedConsent = (apiBase: string, consentSolutionId: number, anonymousId: string): Promise<string[] | null> =>
  window
    .fetch(`${apiBase}/consent/${consentSolutionId}/shared?anonymousId=${encodeURIComponent(anonymousId)}`, { credentials: 'omit' })
    .then((res) => (res.ok ? (res.json() as Promise<{ consent?: { categories?: unknown } } | null>) : null))
    .then((body) => (body?.consent?.categories instanceof Array ? (body.consent.categories as string[]) : null));
