import { TEMPLATE_FUNCTION_FIELDS, TEMPLATE_FUNCTION_PARAMS, type TemplateCode } from '../../src/schemas/template';
import { BANNER_ENTRIES } from '../entries';
import type { BannerConfig, Visitor } from '../src/config';
import type { TcfBundle } from '../src/tcf/tcfConfig';
import { scriptJson } from './scriptJson';

/** Everything one banner script is made of but the runtime: its config and the template's functions. */
export type BannerBundle = BannerConfig & Pick<TemplateCode, (typeof TEMPLATE_FUNCTION_FIELDS)[number]> & {
  /** TCF-4: present only when the solution has TCF on; the TCF runtime is composed in then. */
  tcf?: TcfBundle;
};

/** A function body as source. The newline keeps a trailing `// comment` from eating the brace. */
const fn = (body: string): string => `function (${TEMPLATE_FUNCTION_PARAMS.join(', ')}) {\n${body}\n}`;

/**
 * The banner script: the file published at /cdn/{csId}/banner.js and the preview's script, so
 * what is previewed is what gets published. The built runtime (`banner/dist/banner.js`), then
 * one call that starts it with the solution's config and the template's functions, all in one
 * function scope: a plain classic script that adds only `window.consentBanner` to the page and
 * needs no eval, so it runs under a strict site CSP. With TCF on, the TCF runtime
 * (`banner/dist/tcf.js`) comes first and starts before the banner, which it is handed to.
 */
export const composeBannerScript = (runtime: string, bundle: BannerBundle, tcfRuntime?: string): string => {
  const { js, displayFunction, hideFunction, tcf, ...config } = bundle;
  if (tcf && tcfRuntime === undefined) throw new Error('A banner with TCF on needs the TCF runtime (banner/dist/tcf.js).');
  const tcfPart = tcf && tcfRuntime !== undefined ? [tcfRuntime.trim(), `var tcf = ${BANNER_ENTRIES.tcf.global}.start(${scriptJson(tcf)});`] : [];
  return [
    `/* Consent banner: consent solution ${bundle.consentSolutionId}, version ${bundle.version}. Generated; do not edit. */`,
    '(function (visitor) {',
    ...tcfPart,
    runtime.trim(),
    `${BANNER_ENTRIES.banner.global}.start(${scriptJson(config)}, {`,
    `js: ${fn(js)},`,
    `displayFunction: ${fn(displayFunction)},`,
    `hideFunction: ${fn(hideFunction)}`,
    tcf ? '}, visitor, tcf);' : '}, visitor);',
    NO_VISITOR_TRAILER,
  ].join('\n');
};

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
