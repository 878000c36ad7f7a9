import { z } from 'zod';
import { COOKIE_CATEGORIES, TRANSLATION_KEYS } from './translations';
import { templateValidationMessages } from './validationMessages';

/**
 * Pop-up templates (ENT-2, ROUTE-19, VAL-1, BEYOND-1, BEYOND-2): the one source of the template
 * rules. The editor's form and the dev API validate with `templateInputSchema`; the banner a
 * template becomes is built in `banner/` (publish-time rendering and the runtime).
 */

export const TEMPLATE_CODE_FIELDS = ['html', 'css', 'js', 'displayFunction', 'hideFunction'] as const;
export type TemplateCodeField = (typeof TEMPLATE_CODE_FIELDS)[number];
/** The three fields that are JavaScript function bodies, called with `(root, consent)`. */
export const TEMPLATE_FUNCTION_FIELDS = ['js', 'displayFunction', 'hideFunction'] as const satisfies readonly TemplateCodeField[];
export const TEMPLATE_FUNCTION_PARAMS = ['root', 'consent'] as const;

/** Five fields must fit one 100 kB request body together. */
const TEMPLATE_FIELD_MAX = 15_000;
const TEMPLATE_NAME_MAX = 100;

type TemplateValidationMessageKey = keyof typeof templateValidationMessages;

const REQUIRED_KEY: Record<TemplateCodeField, TemplateValidationMessageKey> = {
  html: 'validation.template_html_required',
  css: 'validation.template_css_required',
  js: 'validation.template_js_required',
  displayFunction: 'validation.template_display_function_required',
  hideFunction: 'validation.template_hide_function_required',
};

/** One code field: required (VAL-1: "each pop-up field is required"), not blank, bounded. */
const codeField = (field: TemplateCodeField) =>
  z
    .string({ error: REQUIRED_KEY[field] })
    .refine((value) => value.trim() !== '', { error: REQUIRED_KEY[field] })
    .refine((value) => value.length <= TEMPLATE_FIELD_MAX, { error: 'validation.template_field_too_long' });

const templateNameSchema = z
  .string({ error: 'validation.template_name_required' })
  .trim()
  .min(1, { error: 'validation.template_name_required' })
  .max(TEMPLATE_NAME_MAX, { error: 'validation.template_name_too_long' });

export const templateCodeSchema = z.object({
  html: codeField('html'),
  css: codeField('css'),
  js: codeField('js'),
  displayFunction: codeField('displayFunction'),
  hideFunction: codeField('hideFunction'),
});
export type TemplateCode = z.output<typeof templateCodeSchema>;

/** Create and save (every save is a new version). */
export const templateInputSchema = templateCodeSchema.extend({ name: templateNameSchema });
export type TemplateInput = z.output<typeof templateInputSchema>;

/** Which template a consent solution's pop-up uses (ROUTE-19: default or custom). */
export const TEMPLATE_MODES = ['default', 'custom'] as const;
export type TemplateMode = (typeof TEMPLATE_MODES)[number];

// ---------------------------------------------------------------------------------------------
// Placeholders: `{{popup.bannerHeading}}` for any translation text (ENT-3), plus the generated
// blocks below. Texts are HTML-escaped when substituted.

const BLOCK_PLACEHOLDERS = ['cookieList', 'categoryToggles', 'language'] as const;
export const PLACEHOLDER_PATTERN = /\{\{\s*([A-Za-z0-9_.]+)\s*\}\}/g;
const KNOWN_PLACEHOLDERS: ReadonlySet<string> = new Set([...TRANSLATION_KEYS, ...BLOCK_PLACEHOLDERS]);
export const isKnownPlaceholder = (name: string): boolean => KNOWN_PLACEHOLDERS.has(name);

/** Every placeholder the html uses that does not exist, once each, in order. */
export const unknownPlaceholders = (html: string): string[] => {
  const unknown = new Set<string>();
  for (const match of html.matchAll(PLACEHOLDER_PATTERN)) {
    const name = match[1] ?? '';
    if (!isKnownPlaceholder(name)) unknown.add(name);
  }
  return [...unknown];
};

/** What a template is rendered with, for one language: texts by dotted key, the cookie list. */
export interface BannerContent {
  language: string;
  /** Flattened texts (`popup.bannerHeading` → text); missing ones fall back upstream. */
  texts: Record<string, string>;
  cookies: readonly { name: string; domain: string; category: string; purpose: string }[];
}

/** The categories a visitor chooses between; unclassified cookies are never consented to one by one. */
export const CONSENT_CATEGORIES = COOKIE_CATEGORIES.filter((category) => category !== 'unclassified');
