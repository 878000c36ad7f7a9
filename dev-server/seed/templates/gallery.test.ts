import { describe, expect, it } from 'vitest';
import { GALLERY_TEMPLATES } from './index';

/** The elements of a template's html with a given consent action (a parse good enough for the seeded markup). */
const buttons = (html: string, action: string): string[] => html.match(new RegExp(`<button[^>]*data-consent-action="${action}"[^>]*>`, 'g')) ?? [];
const classOf = (tag: string): string => /class="([^"]*)"/.exec(tag)?.[1] ?? '';

describe('the template gallery', () => {
  it.each(GALLERY_TEMPLATES.map((template) => [template.name, template] as const))(
    '[PROMISE-3] %s offers a choice per category within two clicks, and declining looks like accepting',
    (_name, template) => {
      const { html } = template;
      expect(html).toContain('{{categoryToggles}}');
      expect(buttons(html, 'save')).toHaveLength(1);
      // The toggles are on the first layer, or in the details panel the first layer's toggle opens (one click, then save).
      const details = /<div[^>]*data-consent-details[^>]*>([\s\S]*?)<\/div>/.exec(html)?.[1] ?? '';
      if (details.includes('{{categoryToggles}}')) expect(buttons(html, 'toggle-details')).toHaveLength(1);
      const [decline, accept] = [buttons(html, 'decline'), buttons(html, 'accept')];
      expect(decline).toHaveLength(1);
      expect(accept).toHaveLength(1);
      expect(classOf(decline[0] ?? '')).toBe(classOf(accept[0] ?? ''));
      expect(details).not.toContain('data-consent-action="decline"');
    },
  );
});
