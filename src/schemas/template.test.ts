import { describe, expect, it } from 'vitest';
import { buildBannerScript, renderTemplateHtml, templateInputSchema, unknownPlaceholders, type BannerContent } from './template';

const content: BannerContent = {
  language: 'en',
  texts: { 'popup.bannerHeading': 'We <use> cookies', 'cookiePolicy.noScanPerformed': 'Not scanned yet.', 'categories.statistics.name': 'Statistics' },
  cookies: [],
};

describe('template schema and rendering', () => {
  it('[VAL-1] [ROUTE-19] each of html, css, js, display function and hide function is required', () => {
    const parsed = templateInputSchema.safeParse({ name: 'A', html: ' ', css: '', js: undefined, displayFunction: '', hideFunction: '\n' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['html', 'validation.template_html_required'],
      ['css', 'validation.template_css_required'],
      ['js', 'validation.template_js_required'],
      ['displayFunction', 'validation.template_display_function_required'],
      ['hideFunction', 'validation.template_hide_function_required'],
    ]);
  });

  it('[ENT-3] placeholders take the texts, escaped; unknown ones are reported', () => {
    expect(renderTemplateHtml('<h2>{{ popup.bannerHeading }}</h2>{{cookieList}}', content)).toBe('<h2>We &lt;use&gt; cookies</h2><p class="cm-no-scan">Not scanned yet.</p>');
    const withCookie = renderTemplateHtml('{{cookieList}}', { ...content, cookies: [{ name: '_ga', domain: '.x.com', category: 'statistics', purpose: '<b>stats</b>' }] });
    expect(withCookie).toContain('<strong class="cm-cookie-name">_ga</strong>');
    expect(withCookie).toContain('&lt;b&gt;stats&lt;/b&gt;');
    expect(unknownPlaceholders('{{popup.bannerHeading}} {{popup.nope}} {{nope}} {{popup.nope}}')).toEqual(['popup.nope', 'nope']);
  });

  it('[BEYOND-1] the banner script parses and keeps the config from closing an inline script', () => {
    const script = buildBannerScript({
      consentSolutionId: 1,
      version: 1,
      consentVersion: 1,
      defaultLanguage: 'en',
      html: { en: '</script><p>x</p>' },
      toggleLabels: { en: { show: 'Show', hide: 'Hide' } },
      categories: ['necessary'],
      css: '',
      js: 'var a = 1; // trailing comment',
      displayFunction: 'root.hidden = false;',
      hideFunction: 'root.hidden = true;',
    });
    expect(script).not.toContain('</script>');
    expect(() => new Function(script)).not.toThrow();
  });
});
