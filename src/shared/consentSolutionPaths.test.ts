import { describe, expect, it } from 'vitest';
import { detailPath, domainCreatePath, domainEditPath, tabOfPath } from './consentSolutionPaths';

describe('detail URLs', () => {
  it('[ROUTE-12] each tab is its own URL; the detail opens on installation', () => {
    expect(detailPath(7)).toBe('/consent-solutions/7/installation/');
    expect(detailPath(7, 'copy-and-translations')).toBe('/consent-solutions/7/copy-and-translations/');
  });

  it('[ROUTE-16] domain URLs sit under the domains tab', () => {
    expect(domainCreatePath(7)).toBe('/consent-solutions/7/domains/create/');
    expect(domainEditPath(7, 3)).toBe('/consent-solutions/7/domains/3/');
  });

  it('[ROUTE-12] finds the tab of a location, also deeper inside it', () => {
    expect(tabOfPath('/consent-solutions/7/domains/3/', 7)).toBe('domains');
    expect(tabOfPath('/consent-solutions/7/popup/my-templates/', 7)).toBe('popup');
    expect(tabOfPath('/consent-solutions/7', 7)).toBeUndefined();
    expect(tabOfPath('/consent-solutions/7/unknown/', 7)).toBeUndefined();
  });
});
