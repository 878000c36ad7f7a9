import { describe, expect, it } from 'vitest';
import type { BannerContent } from '../../src/schemas/template';
import { renderTemplateHtml } from './renderTemplateHtml';

const content: BannerContent = {
  language: 'en',
  texts: {
    'popup.bannerHeading': 'We <use> cookies',
    'cookiePolicy.noScanPerformed': 'Not scanned yet.',
    'categories.statistics.name': 'Statistics',
    'privacyControls.categoryConsentHeader': 'Choose',
  },
  cookies: [],
};

describe('rendering a template', () => {
  it('[ENT-3] placeholders take the texts, escaped', () => {
    expect(renderTemplateHtml('<h2>{{ popup.bannerHeading }}</h2>{{cookieList}}', content)).toBe(
      '<h2>We &lt;use&gt; cookies</h2><p class="cm-no-scan">Not scanned yet.</p>',
    );
    const withCookie = renderTemplateHtml('{{cookieList}}', {
      ...content,
      cookies: [{ name: '_ga', domain: '.x.com', category: 'statistics', purpose: '<b>stats</b>' }],
    });
    expect(withCookie).toContain('<strong class="cm-cookie-name">_ga</strong>');
    expect(withCookie).toContain('<span class="cm-cookie-category">Statistics</span>');
    expect(withCookie).toContain('&lt;b&gt;stats&lt;/b&gt;');
  });

  it('[ENT-3] the generated blocks: category toggles with necessary locked on, the language; unknown placeholders vanish', () => {
    const html = renderTemplateHtml('<p lang="{{language}}">{{categoryToggles}}{{popup.nope}}</p>', content);
    const doc = new DOMParser().parseFromString(html, 'text/html');
    expect(doc.querySelector('p')?.getAttribute('lang')).toBe('en');
    expect(doc.querySelector('legend')?.textContent).toBe('Choose');
    const boxes = [...doc.querySelectorAll<HTMLInputElement>('input[data-consent-category]')];
    expect(boxes.map((box) => [box.dataset.consentCategory, box.checked, box.disabled])).toEqual([
      ['necessary', true, true],
      ['functional', false, false],
      ['statistics', false, false],
      ['marketing', false, false],
    ]);
    expect(html).not.toContain('{{');
  });
});
