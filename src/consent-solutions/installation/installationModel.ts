/**
 * Pure parts of the installation tab (ROUTE-15): the snippet of docs/api.md "Installation" and
 * the next-steps checklist read from real data.
 */

import { cdnScriptUrl } from '../../shared/cdnScriptUrl';

type Id = string | number;

const escapeAttribute = (value: string): string => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * PROMISE-5: the one installation snippet of a solution, the same from its creation on:
 * `<script src="{API}/cdn/{csId}/loader.js" data-consent-solution="{csId}"></script>`. What varies
 * with the settings (Google Consent Mode's defaults, the IAB TCF stub, the banner and how it
 * loads) comes from the CDN's `loader.js` (banner/publish/loaderFile.ts), never from the pasted
 * code. The id is URL-encoded in the path and escaped in the attribute: it comes from the API, and
 * what the user pastes into every page of their site must not be bendable into other markup.
 */
export const installationSnippet = (apiUrl: string, consentSolutionId: Id): string => {
  const id = String(consentSolutionId);
  const src = cdnScriptUrl(apiUrl, id, 'loader.js');
  return `<script src="${escapeAttribute(src)}" data-consent-solution="${escapeAttribute(id)}"></script>`;
};

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
 * onboarding guide's answer for this solution (`GET /reports/onboarding?consentSolutionId`: a
 * decision from its banner, or a health check of its domains found the script). Each is
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
