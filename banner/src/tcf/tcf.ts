import { CmpApi } from '@iabtcf/cmpapi';
import installStub from '@iabtcf/stub';
import type { BannerAddon } from '../config';
import { categoriesFromChoices } from './categories';
import { acceptAll, rejectAll } from './choices';
import { buildLayers, type TcfLayers } from './layers';
import { choicesOf, decodeTcString, encodeTcString } from './tcString';
import { readTcCookie, writeTcCookie } from './tcfCookie';
import type { TcfBundle, TcfChoices } from './tcfConfig';

/**
 * The TCF v2.2 module (TCF-1..4), built as its own script and composed into a published banner
 * only when the consent solution has TCF on. `start` runs before the banner: the IAB stub
 * (`__tcfapi` queue and the `__tcfapiLocator` frame for iframes, unless the page's inline stub
 * already made them), then the IAB's CmpApi, which takes over the queue.
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

export const start = (bundle: TcfBundle): BannerAddon => {
  // The page's own stub may still be waiting for <body> to add its frame: a second stub then
  // would replace its `__tcfapi` and lose the calls already queued.
  if (typeof (window as { __tcfapi?: unknown }).__tcfapi !== 'function') installStub();
  const cmpApi = new CmpApi(bundle.cmpId, bundle.cmpVersion, true);
  let stored = readTcCookie();
  let language = 'en';
  let layers: TcfLayers | undefined;

  const choose = (action: string, categories: string[]): TcfChoices => {
    if (action === 'accept') return acceptAll(bundle);
    // A choice shared from a sibling site carries categories only: all or nothing.
    if (action === 'shared') return categories.includes('marketing') ? acceptAll(bundle) : rejectAll();
    if (action === 'save' && layers) return layers.read();
    return rejectAll();
  };

  return {
    mount: (root, lang) => {
      language = lang;
      layers = buildLayers(bundle, language);
      const slot = root.querySelector('[data-tcf-slot]') ?? root.firstElementChild ?? root;
      slot.insertBefore(layers.element, slot.firstChild);
      const previous = storedChoices(bundle, stored);
      if (previous && stored) {
        // A vendor dropped from the selection needs no new consent, but must not keep the one it had.
        if (previous.narrowed) {
          stored = encodeTcString(bundle, previous.choices, language, false);
          writeTcCookie(stored);
        }
        layers.set(previous.choices);
        cmpApi.update(stored, false);
      }
      return previous === null;
    },
    shown: () => cmpApi.update(stored ?? '', true),
    decide: (action, categories) => {
      const choices = choose(action, categories);
      const tcString = encodeTcString(bundle, choices, language, layers?.secondLayerOpened() ?? false);
      stored = tcString;
      writeTcCookie(tcString);
      cmpApi.update(tcString, false);
      layers?.set(choices);
      return { categories: categoriesFromChoices(choices), tcString };
    },
  };
};
