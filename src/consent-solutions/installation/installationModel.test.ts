import { describe, expect, it } from 'vitest';
import { coreLoaderScript } from '../../../banner/publish/coreLoader';
import { resourcesEn } from '../../i18n/resources.en';
import { resourcesFr } from '../../i18n/resources.fr';
import { asyncSnippet, GUIDE_STEP_COUNTS, INSTALLATION_GUIDES, nextSteps, scriptTag, tcfScriptTags } from './installationModel';

describe('installation', () => {
  it('[ROUTE-15] the script tag of docs/api.md', () => {
    expect(scriptTag('http://127.0.0.1:3001', 42)).toBe('<script src="http://127.0.0.1:3001/cdn/42/banner.js" data-consent-solution="42"></script>');
    expect(scriptTag('https://api.example.com/', 'abc')).toBe('<script src="https://api.example.com/cdn/abc/banner.js" data-consent-solution="abc"></script>');
  });

  it('[ROUTE-15] an odd id cannot break out of the tag', () => {
    expect(scriptTag('https://api.example.com', '"><img src=x>')).toBe(
      '<script src="https://api.example.com/cdn/%22%3E%3Cimg%20src%3Dx%3E/banner.js" data-consent-solution="&quot;&gt;&lt;img src=x&gt;"></script>',
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

describe('the TCF installation', () => {
  it('[TCF-1] puts the IAB stub first, then the banner', () => {
    expect(tcfScriptTags('http://127.0.0.1:3001/', 7)).toBe(
      '<script src="http://127.0.0.1:3001/cdn/tcf-stub.js"></script>\n<script src="http://127.0.0.1:3001/cdn/7/banner.js" data-consent-solution="7"></script>',
    );
  });
});

describe('the async snippet', () => {
  const loader = (apiUrl: string) => coreLoaderScript(`${apiUrl}/cdn/7/banner-full.js`, '7');

  it("[STD-8] is one inline script: the publication's inline part, then the loader of the core with the UI inside (banner-full.js); the loader alone when no inline part is needed", () => {
    expect(asyncSnippet('http://127.0.0.1:3001/', 7, 'window.x=1;')).toBe(`<script>window.x=1;\n${loader('http://127.0.0.1:3001')}</script>`);
    expect(asyncSnippet('http://127.0.0.1:3001', 7, '')).toBe(`<script>${loader('http://127.0.0.1:3001')}</script>`);
  });

  it('[STD-8] an inline part cannot end its element early or open a comment', () => {
    expect(asyncSnippet('https://api.example.com', 7, 'a("</script><img src=x>");b("<!--")')).toBe(
      `<script>a("<\\/script><img src=x>");b("<\\!--")\n${loader('https://api.example.com')}</script>`,
    );
  });
});
