import { TEMPLATE_FUNCTION_FIELDS, TEMPLATE_FUNCTION_PARAMS, type TemplateCode } from '../../src/schemas/template';
import { BANNER_ENTRIES } from '../entries';
import type { BannerConfig, Visitor } from '../src/config';
import type { CoreConfig } from '../src/core';
import type { GppModuleConfig } from '../src/gpp/gppConfig';
import type { TcfBundle } from '../src/tcf/tcfConfig';
import { scriptJson } from './scriptJson';

/** Everything one banner script is made of but the runtime: its config and the template's functions. */
export type BannerBundle = BannerConfig &
  Pick<TemplateCode, (typeof TEMPLATE_FUNCTION_FIELDS)[number]> & {
    /** TCF-4: present only when the solution has TCF on; the TCF runtime is composed in then. */
    tcf?: TcfBundle;
    /** STD-13: present only with GPP on: what its module starts with (its own file, composeGppScript); the core then carries the GPP stub. */
    gppModule?: GppModuleConfig;
  };

/** The config the runtime starts with, apart from the template's functions and the TCF module's bundle. */
const splitBundle = ({
  js: _js,
  displayFunction: _display,
  hideFunction: _hide,
  gppModule: _gpp,
  tcf,
  ...config
}: BannerBundle): { tcf?: TcfBundle; config: BannerConfig } => ({
  tcf,
  config,
});

/** With TCF on, the TCF runtime and its start, whose `tcf` the banner's runtime is handed; nothing with TCF off. */
const tcfModule = (tcf: TcfBundle | undefined, tcfRuntime: string | undefined): string[] => {
  if (!tcf) return [];
  if (tcfRuntime === undefined) throw new Error('A banner with TCF on needs the TCF runtime (banner/dist/tcf.js).');
  return [tcfRuntime.trim(), `var tcf = ${BANNER_ENTRIES.tcf.global}.start(${scriptJson(tcf)});`];
};

/** A function body as source. The newline keeps a trailing `// comment` from eating the brace. */
const fn = (body: string): string => `function (${TEMPLATE_FUNCTION_PARAMS.join(', ')}) {\n${body}\n}`;

/**
 * The whole banner in one script, the preview's: the built runtime (`banner/dist/banner.js`),
 * then one call that starts it with the solution's config and the template's functions, all in
 * one function scope: a plain classic script that adds only `window.consentBanner` to the page
 * and needs no eval, so it runs under a strict site CSP. With TCF on, the TCF runtime
 * (`banner/dist/tcf.js`) comes first and starts before the banner, which it is handed to.
 * Published banners are the same runtime split in two (composeCoreScript, composeUiScript), so
 * what is previewed is what gets published.
 */
export const composeBannerScript = (runtime: string, bundle: BannerBundle, tcfRuntime?: string): string => {
  const { tcf, config } = splitBundle(bundle);
  const tcfPart = tcfModule(tcf, tcfRuntime);
  return [
    `/* Consent banner: consent solution ${bundle.consentSolutionId}, version ${bundle.version}. Generated; do not edit. */`,
    '(function (visitor) {',
    ...tcfPart,
    runtime.trim(),
    `${BANNER_ENTRIES.banner.global}.start(${scriptJson(config)}, ${templateFunctions(bundle)}, visitor${tcf ? ', tcf' : ''});`,
    NO_VISITOR_TRAILER,
  ].join('\n');
};

/** The template's functions, as the runtime's second argument. */
const templateFunctions = ({ js, displayFunction, hideFunction }: BannerBundle): string =>
  [`{`, `js: ${fn(js)},`, `displayFunction: ${fn(displayFunction)},`, `hideFunction: ${fn(hideFunction)}`, '}'].join('\n');

/** STD-8: where a publication's UI in one language is served, relative to the core's URL. */
export const uiPath = (version: number, language: string): string => `ui/${version}.${language}.js`;

/**
 * STD-8: the published banner's core, served at /cdn/{csId}/banner.js (the installation
 * snippet's synchronous script): the built core (`banner/dist/core.js`), with the IAB stub
 * first when TCF is on, started with what must run before any other tag and the UI's file per
 * language, which it loads asynchronously. The CDN writes the visitor into its last line.
 */
export const composeCoreScript = (coreRuntime: string, bundle: BannerBundle, tcfStubRuntime?: string, gppStubRuntime?: string): string =>
  coreScript(coreRuntime, bundle, { tcf: tcfStubRuntime, gpp: gppStubRuntime });

/**
 * STD-8: the async snippet's script, served at /cdn/{csId}/banner-full.js in the visitor's
 * language (one bundle's): the core as composeCoreScript makes it, handed the UI of that
 * language as a function it calls after the first paint (the UI's script as composeUiScript
 * makes it, with the core's script and visitor), so that the page makes one request for the
 * banner instead of two. The core's own size budget is for what must run first, behind the
 * synchronous tag; behind the async snippet all of this runs after the first paint.
 */
export const composeFullScript = (
  coreRuntime: string,
  uiRuntime: string,
  bundle: BannerBundle,
  tcf: { stub?: string; runtime?: string; gppStub?: string } = {},
): string => {
  const { tcf: tcfBundle, config } = splitBundle(bundle);
  const tcfPart = tcfModule(tcfBundle, tcf.runtime);
  const embeddedUi = [
    'function (script) {',
    ...tcfPart,
    uiRuntime.trim(),
    `${BANNER_ENTRIES.ui.global}.startEmbedded(${scriptJson(config)}, ${templateFunctions(bundle)}, visitor, script${tcfBundle ? ', tcf' : ''});`,
    '}',
  ].join('\n');
  return coreScript(coreRuntime, bundle, { tcf: tcf.stub, gpp: tcf.gppStub }, embeddedUi);
};

/** The stubs that must run before any other tag: the IAB's TCF stub with TCF on, the GPP stub with GPP on (STD-13). */
const stubsOf = (bundle: Pick<BannerBundle, 'tcf' | 'gppModule'>, stubs: { tcf?: string; gpp?: string }): string[] => {
  if (bundle.tcf && stubs.tcf === undefined) throw new Error('A banner with TCF on needs the IAB stub (banner/dist/tcfStub.js).');
  if (bundle.gppModule && stubs.gpp === undefined) throw new Error('A banner with GPP on needs the GPP stub (banner/dist/gppStub.js).');
  return [...(bundle.tcf && stubs.tcf !== undefined ? [stubs.tcf.trim()] : []), ...(bundle.gppModule && stubs.gpp !== undefined ? [stubs.gpp.trim()] : [])];
};

const coreScript = (coreRuntime: string, bundle: BannerBundle, stubs: { tcf?: string; gpp?: string }, embeddedUi?: string): string => {
  const { consentSolutionId, consentVersion, categories, site, consentMode, saleShare, honourGpc, defaultLanguage } = bundle;
  const ui = Object.fromEntries(Object.keys(bundle.html).map((language) => [language, uiPath(bundle.version, language)]));
  const config: CoreConfig = { consentSolutionId, consentVersion, categories, site, consentMode, saleShare, honourGpc, defaultLanguage, ui };
  return [
    EAGER_COMPILE,
    `/* Consent banner core${embeddedUi ? ' with its UI' : ''}: consent solution ${consentSolutionId}, version ${bundle.version}. Generated; do not edit. */`,
    '(function (visitor) {',
    ...stubsOf(bundle, stubs),
    coreRuntime.trim(),
    `${BANNER_ENTRIES.core.global}.start(${scriptJson(config)}, visitor${embeddedUi ? `, ${embeddedUi}` : ''});`,
    NO_VISITOR_TRAILER,
  ].join('\n');
};

/**
 * STD-8: the published banner's UI in one language (the bundle's only one), which the core
 * loads: the built UI runtime (`banner/dist/ui.js`), with the TCF module first when TCF is on,
 * started with the config and the template's functions, in one function scope. One file for
 * every region: the visitor's rule comes in its URL.
 */
export const composeUiScript = (uiRuntime: string, bundle: BannerBundle, tcfRuntime?: string): string => {
  const { tcf, config } = splitBundle(bundle);
  const tcfPart = tcfModule(tcf, tcfRuntime);
  return [
    EAGER_COMPILE,
    `/* Consent banner UI: consent solution ${bundle.consentSolutionId}, version ${bundle.version}, ${bundle.defaultLanguage}. Generated; do not edit. */`,
    '(function () {',
    ...tcfPart,
    uiRuntime.trim(),
    `${BANNER_ENTRIES.ui.global}.start(${scriptJson(config)}, ${templateFunctions(bundle)}${tcf ? ', tcf' : ''});`,
    '})();',
    '',
  ].join('\n');
};

/**
 * STD-13: the IAB GPP module of a publication (`gpp/{version}.js`), which the UI loads only
 * where a GPP section applies: the built module (`banner/dist/gpp.js`, the IAB's library) started
 * with the solution's GPP config; the visitor comes in its URL.
 */
export const composeGppScript = (gppRuntime: string, config: GppModuleConfig): string =>
  [
    EAGER_COMPILE,
    `/* Consent banner GPP module: consent solution ${config.consentSolutionId}. Generated; do not edit. */`,
    '(function () {',
    gppRuntime.trim(),
    `${BANNER_ENTRIES.gpp.global}.start(${scriptJson(config)});`,
    '})();',
    '',
  ].join('\n');

/**
 * STD-8: V8's explicit compile hint (Chromium 136+; a plain comment elsewhere), which must be the
 * file's first line: every function of a published script runs on load, so compiling them all
 * while the script streams in, off the main thread, saves compiling each on its first call there.
 */
const EAGER_COMPILE = '//# allFunctionsCalledOnLoad';

/** The script's last line: the call without a visitor (the preview; opt-in everywhere). */
const NO_VISITOR_TRAILER = '})(null);\n';

/**
 * STD-4: the script as served to one visitor, with what the CDN decided for them (the region's
 * rule) passed to the call on its last line, which publishing always writes.
 */
export const withVisitor = (script: string, visitor: Visitor): string => {
  // A script published before regional rules existed is served as it was.
  if (!script.endsWith(NO_VISITOR_TRAILER)) return script;
  return `${script.slice(0, -NO_VISITOR_TRAILER.length)}})(${scriptJson(visitor)});\n`;
};
