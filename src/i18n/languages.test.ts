import { describe, expect, it } from 'vitest';
import { addBundledTexts, bundledResources, loadBundled, PLATFORM_NS } from './languages';
import { translateFromCatalogue } from './translateFromCatalogue';

describe('texts a chunk adds to the bundled catalogues', () => {
  it('[PROD-5] [PERF-1] reach a language loaded already and one loaded later; a section the catalogue has stays', async () => {
    expect(bundledResources.fr).toBeUndefined();
    addBundledTexts('en', { notice: { title: 'Cookies' }, common: { loading: 'Replaced?' } });
    addBundledTexts('fr', { notice: { title: 'Témoins' } });

    expect(translateFromCatalogue(bundledResources, 'en', 'notice.title')).toBe('Cookies');
    expect(translateFromCatalogue(bundledResources, 'en', 'common.loading')).toBe('Loading…');
    await loadBundled('fr');
    expect(translateFromCatalogue(bundledResources, 'fr', 'notice.title')).toBe('Témoins');
    expect((bundledResources.fr?.[PLATFORM_NS] as Record<string, unknown>).auth).toBeDefined();
  });
});
