import { isAnonymousId, linkedAnonymousId, newAnonymousId } from './anonymousId';
import { onceFirstPainted } from './afterFirstPaint';
import { activateMarked } from './autoblocking';
import type { BannerAddon, BannerConfig, ConsentApi, StoredConsent, TemplateFunction, TemplateFunctions, Visitor } from './config';
import { consentCookie } from './consentCookie';
import { pushConsentUpdate } from './consentMode';
import { emitter } from './events';
import { withoutDeclined } from './gpc';
import { pickLanguage, textDirection } from './language';
import { showNotice } from './notice';
import { removeLoadedPlaceholders, showPlaceholders } from './placeholders';
import { recordDecision, scriptOrigin } from './records';
import { consentScope } from './scope';
import { CONTROL_CSS, settingsControl, type SettingsControl } from './settingsControl';
import { fetchSharedConsent } from './sharedConsent';
import { removeDeclinedCookies } from './withdrawal';
import { currentGpp, loadGpp } from './gpp/loadGpp';

const ACTION_SELECTOR = '[data-consent-action]';
/**
 * STD-7, before the template's CSS (which may override it): at 400 % zoom (320 × 256) a fixed
 * banner taller than the screen scrolls inside it rather than starting above it (reflow).
 */
const BASE_CSS = '#cm-banner{max-height:100vh;overflow-y:auto;box-sizing:border-box}#cm-banner:focus{outline:none}';
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
 * The consent banner's UI on a customer's page (and in the admin's preview). It mounts the
 * rendered html in `#cm-banner`, wires elements with `data-consent-action` (accept, decline,
 * save, toggle-details), stores the choice in a first-party cookie for the consent version
 * (push for consent asks again), and calls the template's functions with `(root, consent)`. A
 * template error is reported, never thrown into the host page. Its script's URL (by default the
 * one running) tells where the consent records go. An addon (the TCF module) adds
 * its layers, may ask again, and turns each decision into its own signal and our categories.
 * What must run first (Consent Mode defaults, autoblocking) is the guard's (guard.ts): the
 * published core runs it before this loads.
 */
export const startUi = (
  config: BannerConfig,
  template: TemplateFunctions,
  visitor?: Visitor | null,
  addon?: BannerAddon,
  script: HTMLOrSVGScriptElement | null = document.currentScript,
): ConsentApi => {
  const preview = config.preview !== undefined;
  const consentMode = preview ? undefined : config.consentMode;
  const { site, rule, gpc, allowed, everything, undecided } = consentScope(config, visitor, preview);
  const saleShare = config.saleShare ?? [];
  /** STD-4: what the record keeps of the rule, with a US visitor's state when known (`opt-out US-CA`); never the address. */
  const regionRule = visitor?.state ? `${rule} ${visitor.state}` : rule;
  const apiBase = site ? scriptOrigin(script) : null;
  const emit = emitter(preview);
  const cookie = consentCookie(config.consentSolutionId, preview);
  let linkedAid: string | null = null;
  try {
    linkedAid = linkedAnonymousId(String(window.location.hash || ''));
  } catch {
    // No location.
  }

  const language = config.preview && config.html[config.preview.language] ? config.preview.language : pickLanguage(config.html, config.defaultLanguage);
  const texts = config.texts?.[language] ?? config.texts?.[config.defaultLanguage];
  const controlTexts = config.controls?.[language] ?? config.controls?.[config.defaultLanguage];
  const root = document.createElement('div');
  root.id = 'cm-banner';
  root.setAttribute('data-consent-banner', '');
  root.setAttribute('lang', language);
  // I18N-3: Arabic and Hebrew read right to left, whatever the page around them does.
  root.setAttribute('dir', textDirection(language));
  root.hidden = true;
  root.innerHTML = config.html[language] || '';
  const style = document.createElement('style');
  style.textContent = BASE_CSS + (preview ? '' : CONTROL_CSS) + config.css;

  const run = (name: keyof TemplateFunctions, fn: TemplateFunction): void => {
    try {
      fn.call(null, root, api);
    } catch (error) {
      emit('error', { function: name, message: errorMessage(error) });
    }
  };
  const categoryBoxes = (): HTMLInputElement[] => Array.from(root.querySelectorAll<HTMLInputElement>('input[data-consent-category]'));
  const checkedCategories = (): string[] => {
    const chosen = ['necessary'];
    for (const box of categoryBoxes()) {
      const category = box.getAttribute('data-consent-category');
      if (box.checked && category !== null && !chosen.includes(category)) chosen.push(category);
    }
    return chosen;
  };
  /**
   * The stored choice as this banner last read or wrote it (undefined until its first read): the
   * cookie is read once per page, without blocking it where the browser can (consentCookie).
   */
  let known: Partial<StoredConsent> | null | undefined;
  const storedChoice = (): Partial<StoredConsent> | null => (known === undefined ? cookie.read() : known);
  const anonymousId = (): string => {
    const stored = storedChoice();
    if (isAnonymousId(stored?.aid)) return stored.aid;
    return linkedAid || newAnonymousId();
  };
  let notice: HTMLElement | null = null;
  let returnFocus: HTMLElement | null = null;
  const showConsentId = (value: Partial<StoredConsent> | null): void => {
    if (!texts || !value?.id) return;
    let line = root.querySelector<HTMLElement>('.cm-consent-id');
    if (!line) {
      line = document.createElement('p');
      line.className = 'cm-consent-id';
      (root.querySelector(DETAILS_SELECTOR) ?? root).appendChild(line);
    }
    const at = value.at ? new Date(value.at).toLocaleString(language) : '';
    line.textContent = `${texts.consentId}: ${value.id} · ${at} · ${allowed(value.categories ?? []).join(', ')}`;
  };
  /** The choice in force for this consent version, or null before any. */
  const currentChoice = (): Partial<StoredConsent> | null => {
    const stored = storedChoice();
    return stored?.v === config.consentVersion && stored.categories instanceof Array ? stored : null;
  };
  let control: SettingsControl | null = null;
  const decide = (action: string, chosen: string[]): void => {
    const signal = addon?.decide(action, chosen);
    const categories = allowed(signal ? signal.categories : chosen);
    // PROMISE-2: a decision that replaces one in force is recorded as a change of it.
    const previous = currentChoice();
    const value: StoredConsent = { v: config.consentVersion, categories, at: new Date().toISOString(), aid: anonymousId(), ...(gpc ? { gpc: true } : {}) };
    cookie.write(value);
    known = value;
    emit(action, { categories });
    api.hide();
    if (action !== 'gpc') notice?.remove();
    // Tags released by this choice must read the updated consent.
    if (consentMode) pushConsentUpdate(consentMode, categories);
    if (!preview) {
      activateMarked(categories);
      removeLoadedPlaceholders();
      removeDeclinedCookies(config.cookies, categories);
      control?.reveal();
    }
    if (apiBase) {
      const record = {
        apiBase,
        consentSolutionId: config.consentSolutionId,
        action,
        value,
        language,
        gpc,
        regionRule,
        tcString: signal?.tcString,
        change: previous !== null,
        replaces: typeof previous?.id === 'string' ? previous.id : undefined,
        acString: signal?.acString,
        gpp: currentGpp(),
      };
      recordDecision(record, emit, (id) => {
        const kept = { ...value, id };
        cookie.write(kept);
        known = kept;
        showConsentId(kept);
      });
    }
  };

  /** PROMISE-1: a placeholder's button: this category too, in place. */
  const consentTo = (category: string): void => {
    const categories = (currentChoice()?.categories ?? ['necessary']).slice();
    if (!categories.includes(category)) categories.push(category);
    decide('save', categories);
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
      // Reopened (the settings control): the boxes say what is in force.
      const inForce = currentChoice();
      if (inForce)
        for (const box of categoryBoxes())
          if (!box.disabled) box.checked = (inForce.categories ?? []).includes(box.getAttribute('data-consent-category') ?? '');
      const active = document.activeElement;
      if (!root.contains(active)) returnFocus = active instanceof HTMLElement ? active : null;
      run('displayFunction', template.displayFunction);
      addon?.shown();
      // STD-7: a keyboard user is taken to the banner (not in the admin's preview frame).
      if (!preview && !root.hidden) root.focus({ preventScroll: true });
      emit('display');
    },
    hide: () => {
      // The opt-out notice the settings covered comes back until a decision removes it.
      if (notice) notice.hidden = false;
      const hadFocus = root.contains(document.activeElement);
      run('hideFunction', template.hideFunction);
      // STD-7: and back where they were once they chose.
      if (hadFocus && !preview) {
        if (returnFocus && returnFocus !== document.body && returnFocus.isConnected) returnFocus.focus({ preventScroll: true });
        else if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
      }
      returnFocus = null;
      emit('hide');
    },
    accept: () => decide('accept', everything),
    decline: () => decide('decline', ['necessary']),
    save: () => decide('save', checkedCategories()),
    toggleDetails,
    get: () => storedChoice() as StoredConsent | null,
    anonymousId: () => {
      const stored = storedChoice();
      return stored?.aid ? stored.aid : null;
    },
  };

  const actions: Record<string, () => void> = { accept: api.accept, decline: api.decline, save: api.save, 'toggle-details': api.toggleDetails };
  root.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target.closest(ACTION_SELECTOR) : null;
    if (!target || !root.contains(target)) return;
    actions[target.getAttribute('data-consent-action') ?? '']?.();
  });

  /** STD-3: the declined categories cannot be ticked, and the banner says why. */
  const applyGpc = (): void => {
    if (!gpc) return;
    for (const box of Array.from(root.querySelectorAll<HTMLInputElement>('[data-consent-category]'))) {
      if (!saleShare.includes(box.getAttribute('data-consent-category') ?? '')) continue;
      box.checked = false;
      box.disabled = true;
    }
    if (!texts) return;
    const line = document.createElement('p');
    line.className = 'cm-gpc';
    line.textContent = texts.gpcApplied;
    root.insertBefore(line, root.firstChild);
  };
  /** STD-4: the settings open in place of the notice, which would cover their buttons (it sits above every banner). */
  const openSettings = (): void => {
    if (notice) notice.hidden = true;
    api.show();
  };
  /** STD-4: where the rule is opt-out, a notice with the "Do not sell or share" link, no wall. */
  const showOptOutNotice = (): void => {
    if (!texts) return;
    if (gpc) {
      notice = showNotice(texts, language, texts.gpcApplied, { settings: openSettings });
      decide('gpc', everything);
    } else {
      notice = showNotice(texts, language, texts.optOutNotice, {
        doNotSell: () => decide('opt-out', withoutDeclined(everything, saleShare)),
        settings: openSettings,
      });
    }
  };
  /**
   * STD-9: a choice made before the signal that sells or shares: the signal wins while it is on
   * (the core already withholds those categories), the banner says so, and the override is
   * recorded once for that choice. The visitor's own choice stays in the cookie for when the
   * signal is off.
   */
  const applyGpcOverride = (stored: Partial<StoredConsent>): void => {
    const categories = stored.categories ?? [];
    if (!gpc || stored.gpc || !categories.some((category) => saleShare.includes(category))) return;
    const value = { ...stored, gpc: true } as StoredConsent;
    cookie.write(value);
    known = value;
    const effective = allowed(categories);
    emit('gpc', { categories: effective });
    if (texts) notice = showNotice(texts, language, texts.gpcApplied, { settings: openSettings });
    if (apiBase)
      recordDecision(
        {
          apiBase,
          consentSolutionId: config.consentSolutionId,
          action: 'gpc',
          value: { ...value, categories: effective, at: new Date().toISOString() },
          language,
          gpc,
          regionRule,
          // PROMISE-2: the signal's override replaces the choice in force in the proof of consent.
          change: true,
          replaces: typeof stored.id === 'string' ? stored.id : undefined,
          gpp: currentGpp(),
        },
        emit,
        () => undefined,
      );
  };

  const mount = (): void => {
    document.head.appendChild(style);
    // STD-7: first in the page's tab order, not after everything a keyboard user would cross.
    document.body.insertBefore(root, document.body.firstChild);
    root.tabIndex = -1;
    for (const panel of Array.from(root.querySelectorAll<HTMLElement>(DETAILS_SELECTOR))) {
      panel.hidden = true;
      // STD-7: an open details panel scrolls: it takes focus so the keyboard can scroll it.
      panel.tabIndex = 0;
    }
    const mustAsk = addon?.mount(root, language, visitor ?? null) ?? false;
    cookie.readAsync((stored) => showUnlessDecided(stored, mustAsk));
  };
  /**
   * What the banner waits for before it mounts, fetched at once side by side: an addon's (the TCF
   * module's current vendor list, STD-11) and the GPP module where its rules apply (STD-13).
   */
  const load = (): void => {
    let pending = 2;
    const loaded = (): void => {
      pending -= 1;
      if (pending === 0) mount();
    };
    if (addon?.load) addon.load({ visitor: visitor ?? null, script, language }, loaded);
    else loaded();
    if (preview) loaded();
    else loadGpp(config.gpp, visitor ?? null, script, loaded);
  };
  const showUnlessDecided = (stored: Partial<StoredConsent> | null, mustAsk: boolean): void => {
    // A decision made meanwhile (the page called accept()) is the one in force.
    if (known === undefined) known = stored;
    else stored = known;
    // The template's code may read the choice (consent.get()): it runs once that is known.
    run('js', template.js);
    applyGpc();
    const current = stored?.v === config.consentVersion && !mustAsk;
    if (current) showConsentId(stored);
    if (current && stored && !preview) applyGpcOverride(stored);
    if (!preview) {
      control = settingsControl(controlTexts, language, api.show);
      if (current || rule === 'none') control.reveal();
      const consented = current && stored?.categories instanceof Array ? stored.categories : undecided;
      if (controlTexts) showPlaceholders(controlTexts, language, consented, consentTo);
    }
    if (current) {
      // Decided already: nothing to show.
    } else if (!preview && site?.sharedConsent && linkedAid && apiBase) {
      fetchSharedConsent(apiBase, config.consentSolutionId, linkedAid).then(
        (categories) => (categories ? decide('shared', categories) : api.show()),
        () => api.show(),
      );
    } else if (rule === 'opt-out' && !preview) showOptOutNotice();
    else if (rule === 'opt-in' || preview) api.show();
    emit('ready', { language });
  };

  window.consentBanner = api;
  // STD-8: the UI once the page has painted its first frame, never holding that frame up.
  onceFirstPainted(load);
  return api;
};
