/**
 * Pure parts of the installation tab (ROUTE-15): the snippet of docs/api.md "Installation" and
 * the next-steps checklist read from real data.
 */

import { coreLoaderScript } from '../../../banner/publish/coreLoader';
import { cdnScriptUrl } from '../../shared/cdnScriptUrl';

type Id = string | number;

const escapeAttribute = (value: string): string => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * `<script src="{API}/cdn/{csId}/banner.js" data-consent-solution="{csId}"></script>`. The id is
 * URL-encoded in the path and escaped in the attribute: it comes from the API, and what the
 * user pastes into every page of their site must not be bendable into other markup.
 */
export const scriptTag = (apiUrl: string, consentSolutionId: Id): string => {
  const id = String(consentSolutionId);
  const src = cdnScriptUrl(apiUrl, id, 'banner.js');
  return `<script src="${escapeAttribute(src)}" data-consent-solution="${escapeAttribute(id)}"></script>`;
};

/**
 * STD-8: the snippet of a publication made since the async snippet: one inline script, the
 * publication's inline first part (`inlineScript`, made at publish from the Consent Mode
 * settings and whether TCF is on; it runs before the page's own scripts), then the loader that
 * adds the banner's core, async, once the page's first contentful paint is reported
 * (banner/publish/coreLoader.ts): nothing of the banner is fetched while the page is parsed and
 * painted. An inline part made by the API is script, not markup: a `</script` in it could end
 * the element early, so it is escaped.
 */
export const asyncSnippet = (apiUrl: string, consentSolutionId: Id, inlineScript: string): string => {
  const id = String(consentSolutionId);
  // The core with the UI of the visitor's language inside: one request after the first paint.
  const src = cdnScriptUrl(apiUrl, id, 'banner-full.js');
  const inline = inlineScript
    .trim()
    .replace(/<\/(script)/gi, '<\\/$1')
    .replace(/<!--/g, '<\\!--');
  return `<script>${inline === '' ? '' : `${inline}\n`}${coreLoaderScript(src, id)}</script>`;
};

/**
 * TCF-1: with the IAB TCF on, the stub's tag goes first (before every other script), then the
 * banner's: vendors' scripts and iframes can call `__tcfapi` before the banner has loaded.
 */
export const tcfScriptTags = (apiUrl: string, consentSolutionId: Id): string =>
  `<script src="${escapeAttribute(`${apiUrl.replace(/\/+$/, '')}/cdn/tcf-stub.js`)}"></script>\n${scriptTag(apiUrl, consentSolutionId)}`;

/**
 * STD-5: the cookie declaration's snippet: the element it renders into, then its script
 * (deferred: it never holds up the page).
 */
export const declarationTag = (apiUrl: string, consentSolutionId: Id): string => {
  const id = String(consentSolutionId);
  const src = cdnScriptUrl(apiUrl, id, 'declaration.js');
  return `<div id="cm-declaration"></div>\n<script src="${escapeAttribute(src)}" data-target="cm-declaration" defer></script>`;
};

type NextStepId = 'domain_added' | 'template_chosen' | 'script_seen';

interface NextStep {
  id: NextStepId;
  done: boolean;
  /** The API has not answered yet: the step stays unticked rather than claim progress unseen. */
  pending: boolean;
}

/**
 * The same three steps as the onboarding guide (ROUTE-5), under the same names, so both screens
 * say the same thing: the onboarding catalogue keys of each step.
 */
export const NEXT_STEP_GUIDE_KEYS: Readonly<Record<NextStepId, 'website' | 'template' | 'install'>> = {
  domain_added: 'website',
  template_chosen: 'template',
  script_seen: 'install',
};

/**
 * The checklist for a solution, from what the API says about it. `popupPublished` is whether a
 * pop-up has been published (`GET /consent-solutions/{id}/popup`); `scriptInstalled` is the
 * onboarding guide's own answer (`GET /reports/onboarding`: a visitor decision arrived). Each is
 * undefined while unknown.
 */
export const nextSteps = (solution: { domains?: readonly unknown[] | null }, popupPublished?: boolean, scriptInstalled?: boolean): NextStep[] => [
  { id: 'domain_added', done: (solution.domains?.length ?? 0) > 0, pending: false },
  { id: 'template_chosen', done: popupPublished === true, pending: popupPublished === undefined },
  { id: 'script_seen', done: scriptInstalled === true, pending: scriptInstalled === undefined },
];

export const INSTALLATION_GUIDES = ['html', 'gtm', 'wordpress', 'shopify'] as const;
export type InstallationGuide = (typeof INSTALLATION_GUIDES)[number];

/** How many numbered steps each guide has in the catalogue (`cs.installation.guides.<id>.step_<n>`). */
export const GUIDE_STEP_COUNTS: Readonly<Record<InstallationGuide, number>> = { html: 3, gtm: 5, wordpress: 5, shopify: 5 };
