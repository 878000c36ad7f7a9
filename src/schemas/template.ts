import { z } from 'zod';
import { COOKIE_CATEGORIES, TRANSLATION_KEYS } from './translations';

/**
 * Pop-up templates (ENT-2, ROUTE-19, VAL-1, BEYOND-1, BEYOND-2): the one source of the template
 * rules and of the banner it becomes. The editor's form and the dev API validate with
 * `templateInputSchema`; the preview (admin, sandboxed iframe) and the published CDN script (dev
 * API) are both built by `renderTemplateHtml` + `buildBannerScript`, so what is previewed is
 * what gets published. Browser-safe: no Node imports.
 */

export const TEMPLATE_CODE_FIELDS = ['html', 'css', 'js', 'displayFunction', 'hideFunction'] as const;
export type TemplateCodeField = (typeof TEMPLATE_CODE_FIELDS)[number];
/** The three fields that are JavaScript function bodies, called with `(root, consent)`. */
export const TEMPLATE_FUNCTION_FIELDS = ['js', 'displayFunction', 'hideFunction'] as const satisfies readonly TemplateCodeField[];
export const TEMPLATE_FUNCTION_PARAMS = ['root', 'consent'] as const;

/** Five fields must fit one 100 kB request body together. */
export const TEMPLATE_FIELD_MAX = 15_000;
export const TEMPLATE_NAME_MAX = 100;

export const templateValidationMessages = {
  'validation.template_name_required': 'Template name is required.',
  'validation.template_name_too_long': 'This value is too long. It should have 100 characters or less.',
  'validation.template_html_required': 'HTML is required.',
  'validation.template_css_required': 'CSS is required.',
  'validation.template_js_required': 'JS is required.',
  'validation.template_display_function_required': 'Display function is required.',
  'validation.template_hide_function_required': 'Hide function is required.',
  'validation.template_field_too_long': 'This value is too long. It should have 15000 characters or less.',
  'validation.template_placeholder_unknown': 'This template uses a placeholder that does not exist.',
  'validation.template_function_invalid': 'This function does not compile.',
  'validation.template_mode_invalid': 'Choose the default or a custom template.',
  'error.backend.template_not_found': 'Template not found.',
  'error.backend.template_version_not_found': 'Template version not found.',
  'error.backend.template_in_use': 'This template is used by a consent solution and cannot be removed.',
  'error.backend.template_regeneration_failed': 'The pop-up could not be regenerated from its template. Fix the template and publish again.',
  'error.backend.cdn_publishing_failed': 'The pop-up could not be published to the CDN. Nothing was changed; please try again.',
  'error.backend.not_published': 'This consent solution has not been published yet.',
} as const;
export type TemplateValidationMessageKey = keyof typeof templateValidationMessages;

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

export const templateNameSchema = z
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

export const BLOCK_PLACEHOLDERS = ['cookieList', 'categoryToggles', 'language'] as const;
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

export const escapeHtml = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** What a template is rendered with, for one language: texts by dotted key, the cookie list. */
export interface BannerContent {
  language: string;
  /** Flattened texts (`popup.bannerHeading` → text); missing ones fall back upstream. */
  texts: Record<string, string>;
  cookies: readonly { name: string; domain: string; category: string; purpose: string }[];
}

const text = (content: BannerContent, key: string): string => content.texts[key] ?? '';

const cookieListHtml = (content: BannerContent): string => {
  if (content.cookies.length === 0) return `<p class="cm-no-scan">${escapeHtml(text(content, 'cookiePolicy.noScanPerformed'))}</p>`;
  const items = content.cookies.map((cookie) => {
    const category = text(content, `categories.${cookie.category}.name`) || cookie.category;
    const purpose = cookie.purpose === '' ? '' : `<span class="cm-cookie-purpose">${escapeHtml(cookie.purpose)}</span>`;
    return `<li class="cm-cookie" data-cookie-category="${escapeHtml(cookie.category)}"><strong class="cm-cookie-name">${escapeHtml(cookie.name)}</strong> <span class="cm-cookie-domain">${escapeHtml(cookie.domain)}</span> <span class="cm-cookie-category">${escapeHtml(category)}</span> ${purpose}</li>`;
  });
  return `<ul class="cm-cookie-list">${items.join('')}</ul>`;
};

/** The categories a visitor chooses between; unclassified cookies are never consented to one by one. */
export const CONSENT_CATEGORIES = COOKIE_CATEGORIES.filter((category) => category !== 'unclassified');

const categoryTogglesHtml = (content: BannerContent): string =>
  `<fieldset class="cm-categories"><legend>${escapeHtml(text(content, 'privacyControls.categoryConsentHeader'))}</legend>${CONSENT_CATEGORIES.map((category) => {
    const id = `cm-category-${category}`;
    const locked = category === 'necessary' ? ' checked disabled' : '';
    return `<div class="cm-category"><input type="checkbox" id="${id}" data-consent-category="${category}"${locked}><label for="${id}"><span class="cm-category-name">${escapeHtml(text(content, `categories.${category}.name`))}</span> <span class="cm-category-description">${escapeHtml(text(content, `categories.${category}.description`))}</span></label></div>`;
  }).join('')}</fieldset>`;

/** The template's html with every placeholder replaced (unknown ones by nothing: check first). */
export const renderTemplateHtml = (html: string, content: BannerContent): string =>
  html.replace(PLACEHOLDER_PATTERN, (_match, name: string) => {
    if (name === 'cookieList') return cookieListHtml(content);
    if (name === 'categoryToggles') return categoryTogglesHtml(content);
    if (name === 'language') return escapeHtml(content.language);
    return isKnownPlaceholder(name) ? escapeHtml(text(content, name)) : '';
  });

// ---------------------------------------------------------------------------------------------
// The banner script: the published file at /cdn/{csId}/banner.js, and the preview's script.

export interface BannerBundle {
  consentSolutionId: number;
  /** The publication's version (0 in a preview). */
  version: number;
  consentVersion: number;
  defaultLanguage: string;
  /** Rendered html per language. */
  html: Record<string, string>;
  /** Show/hide details labels per language (the details toggle swaps them). */
  toggleLabels: Record<string, { show: string; hide: string }>;
  categories: readonly string[];
  css: string;
  js: string;
  displayFunction: string;
  hideFunction: string;
  /** Preview only: this language, always shown, events posted to the parent frame. */
  preview?: { language: string };
  /**
   * Published scripts only (CONST-2, BEYOND-9): block marked scripts until their category is
   * accepted (`autoblocking`), share the choice with the account's other shared-consent sites
   * (`sharedDomains`, link decoration + the dev API's lookup), report each decision.
   */
  site?: { autoblocking: boolean; sharedConsent: boolean; sharedDomains: readonly string[] };
}

/** A function body as source. The newline keeps a trailing `// comment` from eating the brace. */
const fn = (body: string): string => `function (${TEMPLATE_FUNCTION_PARAMS.join(', ')}) {\n${body}\n}`;

/**
 * JSON that is also safe inside an inline `<script>` (the preview): no `<` can close the element,
 * and the two line separators JSON allows but older parsers do not are escaped.
 */
const scriptJson = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The runtime every banner shares. It mounts the rendered html in `#cm-banner`, wires elements
 * with `data-consent-action` (accept, decline, save, toggle-details), stores the choice in a
 * first-party cookie for the consent version (push for consent asks again), and calls the
 * template's functions with `(root, consent)`. A template error is reported, never thrown
 * into the host page.
 */
const RUNTIME = String.raw`
  var w = window, d = document;
  var cookieName = 'cm_consent_' + C.consentSolutionId;
  var site = C.site || null;
  // The API that served this script receives the consent records (none in a preview).
  var apiBase = null;
  try { if (site && d.currentScript && d.currentScript.src) apiBase = new URL(d.currentScript.src).origin; } catch (e) { /* no URL */ }
  var AID = /^[A-Za-z0-9-]{16,64}$/;
  function newId() {
    try { if (w.crypto && w.crypto.randomUUID) return w.crypto.randomUUID(); } catch (e) { /* insecure context */ }
    var s = '';
    for (var i = 0; i < 32; i++) s += Math.floor(Math.random() * 16).toString(16);
    return s;
  }
  // Shared consent: a link from a sibling site carries the visitor's anonymous id (#cm_aid=…).
  var linkedAid = null;
  try {
    var hm = String(w.location.hash || '').match(/[#&]cm_aid=([A-Za-z0-9-]{16,64})/);
    if (hm) linkedAid = hm[1];
  } catch (e) { /* no location */ }
  function post(type, detail) {
    try { w.dispatchEvent(new CustomEvent('consent:' + type, { detail: detail })); } catch (e) { /* old browsers */ }
    if (C.preview) { try { w.parent.postMessage({ source: 'cm-preview', type: type, detail: detail === undefined ? null : detail }, '*'); } catch (e) { /* no parent */ } }
  }
  function readConsent() {
    if (C.preview) return null;
    try {
      var m = d.cookie.match(new RegExp('(?:^|; )' + cookieName + '=([^;]*)'));
      return m ? JSON.parse(decodeURIComponent(m[1])) : null;
    } catch (e) { return null; }
  }
  function writeConsent(value) {
    if (C.preview) return;
    try { d.cookie = cookieName + '=' + encodeURIComponent(JSON.stringify(value)) + '; max-age=31536000; path=/; SameSite=Lax'; } catch (e) { /* cookies blocked */ }
  }
  function pickLanguage() {
    if (C.preview && C.html[C.preview.language]) return C.preview.language;
    // The visitor's languages first (navigator), then the page's; else the solution's default.
    var nav = w.navigator || {};
    var wanted = (nav.languages && nav.languages.length ? Array.prototype.slice.call(nav.languages) : [nav.language]).concat([d.documentElement.lang]);
    for (var i = 0; i < wanted.length; i++) {
      var code = String(wanted[i] || '').slice(0, 2).toLowerCase();
      if (C.html[code]) return code;
    }
    return C.defaultLanguage;
  }
  var language = pickLanguage();
  var root = d.createElement('div');
  root.id = 'cm-banner';
  root.setAttribute('data-consent-banner', '');
  root.setAttribute('lang', language);
  root.hidden = true;
  root.innerHTML = C.html[language] || '';
  var style = d.createElement('style');
  style.textContent = C.css;
  var api;
  function run(name, f) {
    try { f.call(null, root, api); } catch (e) { post('error', { function: name, message: String(e && e.message ? e.message : e) }); }
  }
  function checked() {
    var chosen = ['necessary'];
    var boxes = root.querySelectorAll('[data-consent-category]');
    for (var i = 0; i < boxes.length; i++) {
      var c = boxes[i].getAttribute('data-consent-category');
      if (boxes[i].checked && chosen.indexOf(c) < 0) chosen.push(c);
    }
    return chosen;
  }
  function anonymousId() {
    var stored = readConsent();
    if (stored && typeof stored.aid === 'string' && AID.test(stored.aid)) return stored.aid;
    return linkedAid || newId();
  }
  function report(action, value) {
    if (!apiBase) return;
    var body = JSON.stringify({ anonymousId: value.aid, categories: value.categories, consentVersion: value.v, decidedAt: value.at, action: action, language: language });
    try {
      // text/plain keeps it a simple CORS request (no preflight); the API checks the Origin.
      w.fetch(apiBase + '/consent/' + C.consentSolutionId + '/records', { method: 'POST', mode: 'cors', credentials: 'omit', keepalive: true, headers: { 'Content-Type': 'text/plain' }, body: body })
        .then(function (r) { return r.ok ? r.json().then(function (b) { post('recorded', { id: b && b.id }); }) : post('record-failed', { status: r.status }); })
        .then(null, function () { post('record-failed', { status: 0 }); });
    } catch (e) { /* no fetch */ }
  }
  function activate(categories) {
    var marked = d.querySelectorAll('script[type="text/plain"][data-consent-category]');
    for (var i = 0; i < marked.length; i++) {
      var old = marked[i];
      var category = old.getAttribute('data-consent-category');
      if (site && site.autoblocking && category !== 'necessary' && categories.indexOf(category) < 0) continue;
      var fresh = d.createElement('script');
      for (var j = 0; j < old.attributes.length; j++) {
        var a = old.attributes[j];
        if (a.name !== 'type') fresh.setAttribute(a.name, a.value);
      }
      var type = old.getAttribute('data-type');
      if (type) fresh.setAttribute('type', type);
      fresh.setAttribute('data-consent-activated', '');
      if (!old.src) fresh.text = old.text;
      old.parentNode.replaceChild(fresh, old);
    }
  }
  function accepted() {
    var stored = readConsent();
    return stored && stored.v === C.consentVersion && stored.categories instanceof Array ? stored.categories : ['necessary'];
  }
  function decide(action, categories) {
    var value = { v: C.consentVersion, categories: categories, at: new Date().toISOString(), aid: anonymousId() };
    writeConsent(value);
    post(action, { categories: categories });
    api.hide();
    if (!C.preview) activate(categories);
    report(action, value);
  }
  // Outgoing links to the account's other shared-consent sites carry the anonymous id.
  function decorate(event) {
    var link = event.target && event.target.closest ? event.target.closest('a[href]') : null;
    var stored = readConsent();
    if (!link || !stored || !stored.aid || !site || !site.sharedConsent) return;
    try {
      var url = new URL(link.href, w.location.href);
      if (url.hostname === w.location.hostname) return;
      for (var i = 0; i < site.sharedDomains.length; i++) {
        var dn = site.sharedDomains[i];
        if (url.hostname === dn || url.hostname.slice(-dn.length - 1) === '.' + dn) {
          url.hash = 'cm_aid=' + stored.aid;
          link.href = url.toString();
          return;
        }
      }
    } catch (e) { /* not a URL */ }
  }
  var detailsOpen = false;
  api = {
    language: language,
    categories: C.categories.slice(),
    show: function () { run('displayFunction', display); post('display'); },
    hide: function () { run('hideFunction', hide); post('hide'); },
    accept: function () { decide('accept', C.categories.slice()); },
    decline: function () { decide('decline', ['necessary']); },
    save: function () { decide('save', checked()); },
    toggleDetails: function () {
      detailsOpen = !detailsOpen;
      var panels = root.querySelectorAll('[data-consent-details]');
      for (var i = 0; i < panels.length; i++) panels[i].hidden = !detailsOpen;
      var labels = C.toggleLabels[language] || { show: '', hide: '' };
      var toggles = root.querySelectorAll('[data-consent-action="toggle-details"]');
      for (var j = 0; j < toggles.length; j++) {
        toggles[j].setAttribute('aria-expanded', String(detailsOpen));
        toggles[j].textContent = detailsOpen ? labels.hide : labels.show;
      }
      post(detailsOpen ? 'details-shown' : 'details-hidden');
    },
    get: readConsent,
    anonymousId: function () { var stored = readConsent(); return stored && stored.aid ? stored.aid : null; }
  };
  root.addEventListener('click', function (event) {
    var target = event.target && event.target.closest ? event.target.closest('[data-consent-action]') : null;
    if (!target || !root.contains(target)) return;
    var action = target.getAttribute('data-consent-action');
    if (action === 'accept') api.accept();
    else if (action === 'decline') api.decline();
    else if (action === 'save') api.save();
    else if (action === 'toggle-details') api.toggleDetails();
  });
  function mount() {
    d.head.appendChild(style);
    d.body.appendChild(root);
    var panels = root.querySelectorAll('[data-consent-details]');
    for (var i = 0; i < panels.length; i++) panels[i].hidden = true;
    run('js', setup);
    var stored = readConsent();
    var current = stored && stored.v === C.consentVersion;
    if (!C.preview) {
      activate(accepted());
      if (site && w.MutationObserver) new w.MutationObserver(function () { activate(accepted()); }).observe(d.documentElement, { childList: true, subtree: true });
      if (site && site.sharedConsent) d.addEventListener('click', decorate, true);
    }
    if (!current && !C.preview && site && site.sharedConsent && linkedAid && apiBase) {
      // Shared consent: the choice made on a sibling site, remembered by the API for this id.
      w.fetch(apiBase + '/consent/' + C.consentSolutionId + '/shared?anonymousId=' + encodeURIComponent(linkedAid), { credentials: 'omit' })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (body) {
          if (body && body.consent && body.consent.categories instanceof Array) decide('shared', body.consent.categories);
          else api.show();
        }, function () { api.show(); });
    } else if (!current) api.show();
    post('ready', { language: language });
  }
  w.consentBanner = api;
  if (d.readyState === 'loading') d.addEventListener('DOMContentLoaded', mount); else mount();
`;

/** The banner script (a plain classic script; no eval, so it runs under a strict site CSP). */
export const buildBannerScript = (bundle: BannerBundle): string => {
  const { js, displayFunction, hideFunction, ...config } = bundle;
  return [
    `/* Consent banner: consent solution ${bundle.consentSolutionId}, version ${bundle.version}. Generated; do not edit. */`,
    '(function () {',
    `  var C = ${scriptJson(config)};`,
    `  var setup = ${fn(js)};`,
    `  var display = ${fn(displayFunction)};`,
    `  var hide = ${fn(hideFunction)};`,
    RUNTIME,
    '})();',
    '',
  ].join('\n');
};
