import { isAnonymousId, linkedAnonymousId, newAnonymousId } from './anonymousId';
import { activateScripts } from './autoblocking';
import type { BannerAddon, BannerConfig, ConsentApi, StoredConsent, TemplateFunction, TemplateFunctions } from './config';
import { acceptedCategories, consentCookie } from './consentCookie';
import { emitter } from './events';
import { pickLanguage } from './language';
import { recordDecision, scriptOrigin } from './records';
import { fetchSharedConsent, linkDecorator } from './sharedConsent';

const ACTION_SELECTOR = '[data-consent-action]';
const DETAILS_SELECTOR = '[data-consent-details]';

declare global {
  interface Window {
    consentBanner?: ConsentApi;
  }
}

/** Templates may throw anything; what has a message is shown by it. */
const errorMessage = (error: unknown): string => {
  const message: unknown = typeof error === 'object' && error !== null && 'message' in error ? error.message : undefined;
  return String(message || error);
};

/**
 * The consent banner on a customer's page (and in the admin's preview). It mounts the rendered
 * html in `#cm-banner`, wires elements with `data-consent-action` (accept, decline, save,
 * toggle-details), stores the choice in a first-party cookie for the consent version (push for
 * consent asks again), and calls the template's functions with `(root, consent)`. A template
 * error is reported, never thrown into the host page. Must be called while the published
 * script runs: its URL tells where the consent records go. An addon (the TCF module) adds its
 * layers, may ask again, and turns each decision into its own signal and our categories.
 */
export const start = (config: BannerConfig, template: TemplateFunctions, addon?: BannerAddon): ConsentApi => {
  const preview = config.preview !== undefined;
  const site = config.site;
  const apiBase = site ? scriptOrigin(document.currentScript) : null;
  const emit = emitter(preview);
  const cookie = consentCookie(config.consentSolutionId, preview);
  let linkedAid: string | null = null;
  try {
    linkedAid = linkedAnonymousId(String(window.location.hash || ''));
  } catch {
    // No location.
  }

  const language = pickLanguage(config);
  const root = document.createElement('div');
  root.id = 'cm-banner';
  root.setAttribute('data-consent-banner', '');
  root.setAttribute('lang', language);
  root.hidden = true;
  root.innerHTML = config.html[language] || '';
  const style = document.createElement('style');
  style.textContent = config.css;

  const run = (name: keyof TemplateFunctions, fn: TemplateFunction): void => {
    try {
      fn.call(null, root, api);
    } catch (error) {
      emit('error', { function: name, message: errorMessage(error) });
    }
  };
  const checkedCategories = (): string[] => {
    const chosen = ['necessary'];
    for (const box of Array.from(root.querySelectorAll<HTMLInputElement>('[data-consent-category]'))) {
      const category = box.getAttribute('data-consent-category');
      if (box.checked && category !== null && !chosen.includes(category)) chosen.push(category);
    }
    return chosen;
  };
  const anonymousId = (): string => {
    const stored = cookie.read();
    if (isAnonymousId(stored?.aid)) return stored.aid;
    return linkedAid || newAnonymousId();
  };
  const decide = (action: string, chosen: string[]): void => {
    const signal = addon?.decide(action, chosen);
    const categories = signal ? signal.categories : chosen;
    const value: StoredConsent = { v: config.consentVersion, categories, at: new Date().toISOString(), aid: anonymousId() };
    cookie.write(value);
    emit(action, { categories });
    api.hide();
    if (!preview) activateScripts(categories, site);
    if (apiBase) recordDecision({ apiBase, consentSolutionId: config.consentSolutionId, action, value, language, tcString: signal?.tcString }, emit);
  };

  let detailsOpen = false;
  const toggleDetails = (): void => {
    detailsOpen = !detailsOpen;
    for (const panel of Array.from(root.querySelectorAll<HTMLElement>(DETAILS_SELECTOR))) panel.hidden = !detailsOpen;
    const labels = config.toggleLabels[language] ?? { show: '', hide: '' };
    for (const toggle of Array.from(root.querySelectorAll('[data-consent-action="toggle-details"]'))) {
      toggle.setAttribute('aria-expanded', String(detailsOpen));
      toggle.textContent = detailsOpen ? labels.hide : labels.show;
    }
    emit(detailsOpen ? 'details-shown' : 'details-hidden');
  };

  const api: ConsentApi = {
    language,
    categories: config.categories.slice(),
    show: () => {
      run('displayFunction', template.displayFunction);
      addon?.shown();
      emit('display');
    },
    hide: () => {
      run('hideFunction', template.hideFunction);
      emit('hide');
    },
    accept: () => decide('accept', config.categories.slice()),
    decline: () => decide('decline', ['necessary']),
    save: () => decide('save', checkedCategories()),
    toggleDetails,
    get: () => cookie.read() as StoredConsent | null,
    anonymousId: () => {
      const stored = cookie.read();
      return stored?.aid ? stored.aid : null;
    },
  };

  const actions: Record<string, () => void> = { accept: api.accept, decline: api.decline, save: api.save, 'toggle-details': api.toggleDetails };
  root.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target.closest(ACTION_SELECTOR) : null;
    if (!target || !root.contains(target)) return;
    actions[target.getAttribute('data-consent-action') ?? '']?.();
  });

  const mount = (): void => {
    document.head.appendChild(style);
    document.body.appendChild(root);
    for (const panel of Array.from(root.querySelectorAll<HTMLElement>(DETAILS_SELECTOR))) panel.hidden = true;
    const mustAsk = addon?.mount(root, language) ?? false;
    run('js', template.js);
    const stored = cookie.read();
    const current = stored?.v === config.consentVersion && !mustAsk;
    if (!preview) {
      const applyStored = () => activateScripts(acceptedCategories(cookie.read(), config.consentVersion), site);
      applyStored();
      if (site && window.MutationObserver) new MutationObserver(applyStored).observe(document.documentElement, { childList: true, subtree: true });
      if (site?.sharedConsent) document.addEventListener('click', linkDecorator(site, api.anonymousId), true);
    }
    if (!current && !preview && site?.sharedConsent && linkedAid && apiBase) {
      fetchSharedConsent(apiBase, config.consentSolutionId, linkedAid).then(
        (categories) => (categories ? decide('shared', categories) : api.show()),
        () => api.show(),
      );
    } else if (!current) api.show();
    emit('ready', { language });
  };

  window.consentBanner = api;
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', mount);
  else mount();
  return api;
};
