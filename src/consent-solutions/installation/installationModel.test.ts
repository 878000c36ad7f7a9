import { describe, expect, it } from 'vitest';
import { nextSteps, installationSnippet } from './installationModel';

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
