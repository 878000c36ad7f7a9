import type { Identifier } from 'react-admin';

/**
 * The URLs of a consent solution's detail (ROUTE-12): each tab is its own URL, so a tab can be
 * bookmarked, shared and opened by browser tests directly.
 */
export const DETAIL_TABS = ['installation', 'domains', 'popup', 'settings', 'copy-and-translations', 'cookie-management', 'tcf'] as const;
type DetailTab = (typeof DETAIL_TABS)[number];

export const LIST_PATH = '/consent-solutions';

const base = (id: Identifier) => `${LIST_PATH}/${encodeURIComponent(String(id))}`;

/** The detail opens on installation, the step a new solution needs first. */
export const detailPath = (id: Identifier, tab: DetailTab = 'installation'): string => `${base(id)}/${tab}/`;

export const domainCreatePath = (id: Identifier): string => `${base(id)}/domains/create/`;
export const domainEditPath = (id: Identifier, domainId: Identifier): string => `${base(id)}/domains/${encodeURIComponent(String(domainId))}/`;

/** The tab a location is on, from the path segment after the id; undefined off the tabs. */
export const tabOfPath = (pathname: string, id: Identifier): DetailTab | undefined => {
  const prefix = `${base(id)}/`;
  if (!pathname.startsWith(prefix)) return undefined;
  const segment = pathname.slice(prefix.length).split('/')[0];
  return DETAIL_TABS.find((tab) => tab === segment);
};
