import { CmpApi } from '@iabtcf/cmpapi';
import type { BannerAddon } from '../config';
import { gdprApplies } from '../gdprApplies';
import { decodeAcString, encodeAcString, readAcCookie, writeAcCookie } from './acString';
import { categoriesFromChoices } from './categories';
import { acceptAll, legIntPurposesInPlay, legIntVendors, rejectAll } from './choices';
import { cmpApiCommands } from './cmpApiResponses';
import { fetchCurrentList } from './currentList';
import { installTcfStub } from './installTcfStub';
import { buildLayers, type TcfLayers } from './layers';
import { choicesOf, decodeTcString, encodeTcString } from './tcString';
import { readTcCookie, writeTcCookie } from './tcfCookie';
import type { TcfBundle, TcfChoices } from './tcfConfig';

/**
 * The TCF v2.2 module (TCF-1..4), built as its own script and composed into a published banner
 * only when the consent solution has TCF on. `start` runs before the banner: the IAB stub
 * (`__tcfapi` queue and the `__tcfapiLocator` frame for iframes, unless the page's inline stub
 * already made them), then the IAB's CmpApi, which takes over the queue, answering as the
 * current CMP API says (cmpApiResponses.ts).
 */

/**
 * The choice a stored string holds, if it still covers this banner (current policy and GVL,
 * every chosen vendor disclosed); `narrowed` when it also names vendors no longer chosen.
 */
const storedChoices = (bundle: TcfBundle, stored: string | null): { choices: TcfChoices; narrowed: boolean } | null => {
  const model = stored ? decodeTcString(stored) : null;
  if (!model) return null;
  if (Number(model.policyVersion) < bundle.gvl.tcfPolicyVersion) return null;
  if (Number(model.vendorListVersion) < bundle.consentGvlVersion) return null;
  if (!bundle.vendors.every((v) => model.vendorsDisclosed.has(v.id))) return null;
  const chosen = new Set(bundle.vendors.map((v) => v.id));
  let narrowed = false;
  model.vendorsDisclosed.forEach((disclosed, id) => {
    if (disclosed && !chosen.has(id)) narrowed = true;
  });
  return { choices: choicesOf(model), narrowed };
};

/** STD-14: the providers a stored AC string consents to, if it disclosed every chosen one (else ask again). */
const storedAcConsents = (bundle: TcfBundle, stored: string | null): number[] | null => {
  if (bundle.acProviders.length === 0) return [];
  const decoded = stored ? decodeAcString(stored) : null;
  if (!decoded || !bundle.acProviders.every((p) => decoded.disclosed.includes(p.id))) return null;
  return decoded.consented;
};

export const start = (published: TcfBundle): BannerAddon => {
  let bundle = published;
  installTcfStub();
  let addtlConsent: string | null = null;
  const cmpApi = new CmpApi(
    bundle.cmpId,
    bundle.cmpVersion,
    true,
    cmpApiCommands(() => ({ gvlVersion: bundle.gvl.vendorListVersion, tcfPolicyVersion: bundle.gvl.tcfPolicyVersion, addtlConsent })),
  );
  let stored = readTcCookie();
  let language = 'en';
  let layers: TcfLayers | undefined;
  let applies = true;
  const acIds = (): number[] => bundle.acProviders.map((p) => p.id);

  const choose = (action: string, categories: string[]): { choices: TcfChoices; ac: number[] } => {
    if (action === 'accept') return { choices: acceptAll(bundle), ac: acIds() };
    // A choice shared from a sibling site carries categories only: all or nothing.
    if (action === 'shared') return categories.includes('marketing') ? { choices: acceptAll(bundle), ac: acIds() } : { choices: rejectAll(), ac: [] };
    if (action === 'save' && layers) return { choices: layers.read(), ac: layers.readAc() };
    return { choices: rejectAll(), ac: [] };
  };

  return {
    load: (context, done) =>
      fetchCurrentList(bundle, context, (update) => {
        if (update) bundle = Object.assign({}, bundle, update);
        done();
      }),
    mount: (root, lang, visitor) => {
      language = lang;
      applies = gdprApplies(visitor);
      if (!applies) {
        // STD-10: no TC string where GDPR does not apply; listeners hear so at once.
        cmpApi.update(null, false);
        return false;
      }
      layers = buildLayers(bundle, language);
      const slot = root.querySelector('[data-tcf-slot]') ?? root.firstElementChild ?? root;
      slot.insertBefore(layers.element, slot.firstChild);
      const previous = storedChoices(bundle, stored);
      const acConsents = storedAcConsents(bundle, readAcCookie());
      if (previous && stored && acConsents) {
        // A vendor dropped from the selection needs no new consent, but must not keep the one it had.
        if (previous.narrowed) {
          stored = encodeTcString(bundle, previous.choices, language, false);
          writeTcCookie(stored);
        }
        layers.set(previous.choices);
        layers.setAc(acConsents);
        if (bundle.acProviders.length > 0) addtlConsent = encodeAcString(acIds(), acConsents);
        cmpApi.update(stored, false);
      }
      return previous === null || acConsents === null;
    },
    shown: () => {
      if (!applies) return;
      // STD-12: the surfaced vendors' legitimate interests set, every consent unset.
      const transparency: TcfChoices = {
        ...rejectAll(),
        purposeLegitimateInterests: legIntPurposesInPlay(bundle),
        vendorLegitimateInterests: legIntVendors(bundle),
      };
      if (bundle.acProviders.length > 0) addtlConsent = encodeAcString(acIds(), []);
      cmpApi.update(encodeTcString(bundle, transparency, language, false), true);
    },
    decide: (action, categories) => {
      if (!applies) return { categories };
      const { choices, ac } = choose(action, categories);
      const tcString = encodeTcString(bundle, choices, language, layers?.secondLayerOpened() ?? false);
      stored = tcString;
      writeTcCookie(tcString);
      if (bundle.acProviders.length > 0) {
        addtlConsent = encodeAcString(acIds(), ac);
        writeAcCookie(addtlConsent);
      }
      cmpApi.update(tcString, false);
      layers?.set(choices);
      layers?.setAc(ac);
      return { categories: categoriesFromChoices(choices), tcString, ...(addtlConsent === null ? {} : { acString: addtlConsent }) };
    },
  };
};
