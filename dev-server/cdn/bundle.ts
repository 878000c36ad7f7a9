import { readBannerRuntime } from '../../banner/build/buildBanner';
import { composeCoreScript, composeFullScript, composeGppScript, composeUiScript, type BannerBundle } from '../../banner/publish/composeBannerScript';
import { composeInlineScript } from '../../banner/publish/composeInlineScript';
import { loaderFileScript } from '../../banner/publish/loaderFile';
import { renderTemplateHtml } from '../../banner/publish/renderTemplateHtml';
import { controlTexts } from '../../banner/publish/controlTexts';
import { runtimeTexts } from '../../banner/publish/runtimeTexts';
import type { ConsentModeConfig, ControlTexts, RuntimeTexts } from '../../banner/src/config';
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
import type { GppModuleConfig } from '../../banner/src/gpp/gppConfig';

/**
 * STD-13: where a publication's GPP module is served, an absolute path on the banner script's
 * origin (the core, the UI and banner-full.js live at different depths).
 */
export const gppPath = (consentSolutionId: number, version: number): string => `/cdn/${consentSolutionId}/gpp/${version}.js`;

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

/** STD-13: what the GPP module of a solution with GPP on starts with. */
const gppModuleConfig = (
  solution: ConsentSolutionRow,
  standards: PrivacyStandards,
  { cmpId, cmpVersion }: PublishOptions,
  tcfOn: boolean,
): GppModuleConfig => ({
  cmpId,
  cmpVersion,
  consentSolutionId: solution.id,
  consentVersion: solution.consentVersion,
  categories: CONSENT_CATEGORIES,
  saleShare: standards.gpc.saleShareCategories,
  honourGpc: standards.gpc.enabled,
  usApproach: standards.gpp.usApproach,
  tcfEu: tcfOn && standards.gpp.tcfEu,
  mspaCovered: standards.gpp.mspaCovered,
  mspaMode: standards.gpp.mspaMode,
});

/** What a publication's scripts are made with besides the solution: its TCF module's bundle (TCF on) and the CMP's IAB id and version (GPP). */
interface PublishOptions {
  tcf?: TcfBundle;
  cmpId: number;
  cmpVersion: number;
}

/** The bundle of every language of the solution (or of one), ready for composing. */
const bannerBundle = (
  store: Store,
  solution: ConsentSolutionRow,
  code: TemplateCode,
  version: number,
  options: PublishOptions,
  only?: LanguageCode,
): BannerBundle => {
  const { tcf } = options;
  const html: Record<string, string> = {};
  const toggleLabels: Record<string, { show: string; hide: string }> = {};
  const texts: Record<string, RuntimeTexts> = {};
  const controls: Record<string, ControlTexts> = {};
  const standards = standardsOf(solution);
  const languages = only === undefined ? solutionLanguages(solution) : [only];
  for (const language of languages) {
    texts[language] = runtimeTexts(language);
    const content = bannerContent(store, solution, language);
    html[language] = renderTemplateHtml(code.html, content);
    toggleLabels[language] = { show: content.texts['popup.showDetails'] ?? '', hide: content.texts['popup.hideDetails'] ?? '' };
    controls[language] = controlTexts(
      language,
      Object.fromEntries(CONSENT_CATEGORIES.map((category) => [category, content.texts[`categories.${category}.name`] ?? category])),
    );
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
    controls,
    cookies: cookieRows(store)
      .filter((cookie) => cookie.consentSolutionId === solution.id && cookie.category !== 'necessary')
      .map((cookie) => ({ name: cookie.name, category: cookie.category })),
    ...(tcf ? { tcf: only === undefined ? tcf : tcfIn(tcf, only) } : {}),
    ...(standards.gpp.enabled
      ? {
          gpp: { file: gppPath(solution.id, version), tcfEu: tcf !== undefined && standards.gpp.tcfEu },
          gppModule: gppModuleConfig(solution, standards, options, tcf !== undefined),
        }
      : {}),
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
  /** The older installation snippet's inline first part, which the core runs behind (empty: none needed). */
  inline: string;
  /** PROMISE-5: `loader.js`, the one installation snippet's script: that inline part, then the loader of `banner-full.js`. */
  loader: string;
  coreByLanguage: Record<string, string>;
  uiByLanguage: Record<string, string>;
  /** The async snippet's script per language: that language's core with its UI inside. */
  fullByLanguage: Record<string, string>;
  /** STD-13: the GPP module, with GPP on. */
  gpp?: string;
  /** DEPLOY-5: the categories the banner offers (its records are checked against them). */
  categories: string[];
}

/**
 * The published banner (STD-8): the built core (banner/dist/core.js, with the IAB stub when
 * TCF is on) that the snippet loads, and the built UI (banner/dist/ui.js, with the TCF module
 * when on) with one language's texts, which the core loads.
 */
export const publishedScripts = (
  store: Store,
  solution: ConsentSolutionRow,
  code: TemplateCode,
  version: number,
  options: PublishOptions,
): PublishedScripts => {
  const { tcf } = options;
  const core = readBannerRuntime('core');
  const ui = readBannerRuntime('ui');
  const tcfStub = tcf ? readBannerRuntime('tcfStub') : undefined;
  const tcfRuntime = tcf ? readBannerRuntime('tcf') : undefined;
  const gppOn = standardsOf(solution).gpp.enabled;
  const gppStub = gppOn ? readBannerRuntime('gppStub') : undefined;
  const coreByLanguage: Record<string, string> = {};
  const uiByLanguage: Record<string, string> = {};
  const fullByLanguage: Record<string, string> = {};
  for (const language of solutionLanguages(solution)) {
    const bundle = bannerBundle(store, solution, code, version, options, language);
    coreByLanguage[language] = composeCoreScript(core, bundle, tcfStub, gppStub);
    uiByLanguage[language] = composeUiScript(ui, bundle, tcfRuntime);
    fullByLanguage[language] = composeFullScript(core, ui, bundle, { stub: tcfStub, runtime: tcfRuntime, gppStub });
  }
  const whole = bannerBundle(store, solution, code, version, options);
  const inline = composeInlineScript(whole, tcfStub, gppStub);
  return {
    core: composeCoreScript(core, whole, tcfStub, gppStub),
    inline,
    loader: loaderFileScript(solution.id, inline),
    coreByLanguage,
    uiByLanguage,
    fullByLanguage,
    ...(whole.gppModule ? { gpp: composeGppScript(readBannerRuntime('gpp'), whole.gppModule) } : {}),
    categories: [...whole.categories],
  };
};
