import { describe, expect, it } from 'vitest';
import { resourcesEn } from '../../i18n/resources.en';
import { resourcesFr } from '../../i18n/resources.fr';
import { GUIDE_STEP_COUNTS, INSTALLATION_GUIDES, installationSnippet, nextSteps } from './installationModel';

describe('installation', () => {
  it('[ROUTE-15] [PROMISE-5] the one snippet of docs/api.md: the same tag whatever the settings', () => {
    expect(installationSnippet('http://127.0.0.1:3001', 42)).toBe('<script src="http://127.0.0.1:3001/cdn/42/loader.js" data-consent-solution="42"></script>');
    expect(installationSnippet('https://api.example.com/', 'abc')).toBe(
      '<script src="https://api.example.com/cdn/abc/loader.js" data-consent-solution="abc"></script>',
    );
  });

  it('[ROUTE-15] an odd id cannot break out of the tag', () => {
    expect(installationSnippet('https://api.example.com', '"><img src=x>')).toBe(
      '<script src="https://api.example.com/cdn/%22%3E%3Cimg%20src%3Dx%3E/loader.js" data-consent-solution="&quot;&gt;&lt;img src=x&gt;"></script>',
    );
  });
  it('[ROUTE-15] each guide declares as many steps as its texts have, in English and French (a sixth GTM step showed its raw key)', () => {
    for (const catalogue of [resourcesEn, resourcesFr]) {
      const guides: Record<string, Record<string, string>> = catalogue.cs.installation.guides;
      for (const guide of INSTALLATION_GUIDES) {
        const steps = Object.keys(guides[guide] ?? {}).filter((key) => /^step_\d+$/.test(key));
        expect(steps.length, guide).toBe(GUIDE_STEP_COUNTS[guide]);
      }
    }
  });

  it('[ROUTE-15] next steps are ticked from real data only', () => {
    expect(nextSteps({ domains: [{ id: 1 }] })).toEqual([
      { id: 'domain_added', done: true, pending: false },
      { id: 'template_chosen', done: false, pending: true },
      { id: 'script_seen', done: false, pending: true },
    ]);
    expect(nextSteps({ domains: [] }, true, true)[2]).toEqual({ id: 'script_seen', done: true, pending: false });
    expect(nextSteps({ domains: [] }, true, false)[2]).toEqual({ id: 'script_seen', done: false, pending: false });
    expect(nextSteps({ domains: [] })[0]).toEqual({ id: 'domain_added', done: false, pending: false });
    expect(nextSteps({ domains: [] }, true)[1]).toEqual({ id: 'template_chosen', done: true, pending: false });
    expect(nextSteps({ domains: [] }, false)[1]).toEqual({ id: 'template_chosen', done: false, pending: false });
  });
});
