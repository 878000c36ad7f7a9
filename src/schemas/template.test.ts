import { describe, expect, it } from 'vitest';
import { templateInputSchema, unknownPlaceholders } from './template';

describe('template schema', () => {
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

  it('[ENT-3] unknown placeholders are reported once each, in order', () => {
    expect(unknownPlaceholders('{{popup.bannerHeading}} {{popup.nope}} {{nope}} {{popup.nope}}')).toEqual(['popup.nope', 'nope']);
  });
});
