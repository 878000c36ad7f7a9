import { readBannerRuntime } from '../../banner/build/buildBanner';
import { composeCoreScript, composeFullScript, composeUiScript, type BannerBundle } from '../../banner/publish/composeBannerScript';
import { composeInlineScript } from '../../banner/publish/composeInlineScript';
import { renderTemplateHtml } from '../../banner/publish/renderTemplateHtml';
import { runtimeTexts } from '../../banner/publish/runtimeTexts';
import type { ConsentModeConfig, RuntimeTexts } from '../../banner/src/config';
import { OPT_IN_COUNTRIES, type PrivacyStandards } from '../../src/schemas/privacyStandards';
import { CONSENT_CATEGORIES, type BannerContent, type TemplateCode } from '../../src/schemas/template';
import { flattenTexts } from '../../src/schemas/translations';
import type { LanguageCode } from '../../src/shared/languages';
import { consentSolutionRows, solutionLanguages, standardsOf } from '../data/consentSolutions';
import { cookieRows } from '../data/cookies';
import { domainRows } from '../data/domains';
import { translationRows } from '../data/translations';
import { defaultTextsFor } from '../seed/defaultTranslations';
import type { Store } from '../store/store';
import type { ConsentSolutionRow } from '../store/types';
import type { TcfBundle } from '../../banner/src/tcf/tcfConfig';

/** The canonical domains of the account's shared-consent solutions (none when this one does not share). */
const sharedDomainsOf = (store: Store, solution: ConsentSolutionRow): string[] => {
  if (!solution.sharedConsent) return [];
  const solutions = consentSolutionRows(store);
  const sharing = new Set(solutions.filter((s) => s.accountId === solution.accountId && s.sharedConsent).map((s) => s.id));
  const domains = domainRows(store);
  return [...new Set(domains.filter((d) => sharing.has(d.consentSolutionId)).map((d) => d.canonicalDomain))].sort();
};

/**
 * What a solution's banner is made of (ENT-3 texts, the cookie list, the categories), for the
 * preview endpoint and for publishing alike. A missing text falls back to the language's default
 * text (I18N-1), then to the solution's default language, then to the English default texts, so
 * a half-translated language still renders a complete banner.
 */
export const bannerContent = (store: Store, solution: ConsentSolutionRow, language: LanguageCode): BannerContent => {
  const rows = translationRows(store).filter((row) => row.consentSolutionId === solution.id);
  const textsOf = (code: LanguageCode): Record<string, string> => flattenTexts(rows.find((row) => row.language === code)?.texts);
  const nonBlank = (texts: Record<string, string>) => Object.fromEntries(Object.entries(texts).filter(([, value]) => value.trim() !== ''));
  const texts = {
    ...flattenTexts(defaultTextsFor('en')),
    ...flattenTexts(defaultTextsFor(solution.defaultLanguage)),
    ...nonBlank(textsOf(solution.defaultLanguage)),
    ...flattenTexts(defaultTextsFor(language)),
    ...nonBlank(textsOf(language)),
  };
  const cookies = cookieRows(store)
    .filter((cookie) => cookie.consentSolutionId === solution.id)
    .sort((a, b) => a.category.localeCompare(b.category) || a.name.localeCompare(b.name))
    .map((cookie) => ({
      name: cookie.name,
      domain: cookie.domain,
      category: cookie.category,
      purpose: cookie.purpose[language] ?? cookie.purpose[solution.defaultLanguage] ?? cookie.purpose.en ?? '',
    }));
  return { language, texts, cookies };
};

/** The bundle of every language of the solution (or of one), ready for composing. */
const bannerBundle = (store: Store, solution: ConsentSolutionRow, code: TemplateCode, version: number, tcf?: TcfBundle, only?: LanguageCode): BannerBundle => {
  const html: Record<string, string> = {};
  const toggleLabels: Record<string, { show: string; hide: string }> = {};
  const texts: Record<string, RuntimeTexts> = {};
  const standards = standardsOf(solution);
  const languages = only === undefined ? solutionLanguages(solution) : [only];
  for (const language of languages) {
    texts[language] = runtimeTexts(language);
    const content = bannerContent(store, solution, language);
    html[language] = renderTemplateHtml(code.html, content);
    toggleLabels[language] = { show: content.texts['popup.showDetails'] ?? '', hide: content.texts['popup.hideDetails'] ?? '' };
  }
  return {
    consentSolutionId: solution.id,
    version,
    consentVersion: solution.consentVersion,
    defaultLanguage: only ?? solution.defaultLanguage,
    html,
    toggleLabels,
    categories: CONSENT_CATEGORIES,
    css: code.css,
    js: code.js,
    displayFunction: code.displayFunction,
    hideFunction: code.hideFunction,
    site: { autoblocking: solution.autoblocking, sharedConsent: solution.sharedConsent, sharedDomains: sharedDomainsOf(store, solution) },
    ...(standards.consentMode.enabled ? { consentMode: consentModeConfig(standards.consentMode) } : {}),
    saleShare: standards.gpc.saleShareCategories,
    honourGpc: standards.gpc.enabled,
    texts,
    ...(tcf ? { tcf: only === undefined ? tcf : tcfIn(tcf, only) } : {}),
  };
};

/** STD-8, I18N-1: the TCF module's texts and purpose translations in one language only, the visitor's. */
const tcfIn = (tcf: TcfBundle, language: string): TcfBundle => {
  const translation = tcf.translations[language];
  const texts = tcf.texts[language] ?? tcf.texts.en;
  return { ...tcf, translations: translation ? { [language]: translation } : {}, texts: texts ? { [language]: texts } : {} };
};

/** STD-1: what the runtime needs of the Consent Mode settings. */
const consentModeConfig = (settings: PrivacyStandards['consentMode']): ConsentModeConfig => ({
  mode: settings.mode,
  mapping: { ...settings.mapping },
  waitForUpdate: settings.waitForUpdate,
  adsDataRedaction: settings.adsDataRedaction,
  urlPassthrough: settings.urlPassthrough,
  grantedOutsideOptIn: settings.grantedOutsideOptIn,
  optInCountries: OPT_IN_COUNTRIES,
});

/** STD-8: what one publication serves: the core (every language, and each language alone) and the UI per language. */
interface PublishedScripts {
  core: string;
  /** The installation snippet's inline first part, which the core runs behind (empty: none needed). */
  inline: string;
  coreByLanguage: Record<string, string>;
  uiByLanguage: Record<string, string>;
  /** The async snippet's script per language: that language's core with its UI inside. */
  fullByLanguage: Record<string, string>;
  /** DEPLOY-5: the categories the banner offers (its records are checked against them). */
  categories: string[];
}

/**
 * The published banner (STD-8): the built core (banner/dist/core.js, with the IAB stub when
 * TCF is on) that the snippet loads, and the built UI (banner/dist/ui.js, with the TCF module
 * when on) with one language's texts, which the core loads.
 */
export const publishedScripts = (store: Store, solution: ConsentSolutionRow, code: TemplateCode, version: number, tcf?: TcfBundle): PublishedScripts => {
  const core = readBannerRuntime('core');
  const ui = readBannerRuntime('ui');
  const tcfStub = tcf ? readBannerRuntime('tcfStub') : undefined;
  const tcfRuntime = tcf ? readBannerRuntime('tcf') : undefined;
  const coreByLanguage: Record<string, string> = {};
  const uiByLanguage: Record<string, string> = {};
  const fullByLanguage: Record<string, string> = {};
  for (const language of solutionLanguages(solution)) {
    const bundle = bannerBundle(store, solution, code, version, tcf, language);
    coreByLanguage[language] = composeCoreScript(core, bundle, tcfStub);
    uiByLanguage[language] = composeUiScript(ui, bundle, tcfRuntime);
    fullByLanguage[language] = composeFullScript(core, ui, bundle, { stub: tcfStub, runtime: tcfRuntime });
  }
  const whole = bannerBundle(store, solution, code, version, tcf);
  return {
    core: composeCoreScript(core, whole, tcfStub),
    inline: composeInlineScript(whole, tcfStub),
    coreByLanguage,
    uiByLanguage,
    fullByLanguage,
    categories: [...whole.categories],
  };
};
