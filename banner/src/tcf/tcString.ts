import { GVL, PurposeRestriction, RestrictionType, Segment, TCModel, TCString, type Vector } from '@iabtcf/core';
import type { TcfBundle, TcfChoices } from './tcfConfig';

/**
 * TCF-2: the TC string of a choice, encoded by the IAB's own @iabtcf/core. Service-specific (TCF
 * 2.2 has no global scope), with the disclosed-vendors segment 2.2 requires, plus the publisher
 * segment when the site sets publisher restrictions.
 */

type LanguageCache = { LANGUAGE_CACHE: Map<string, unknown> };

/**
 * The consent language of a string is the GVL's language, and core learns a language only by
 * fetching its purposes-{lang}.json into a cache. The bundle already carries that file's
 * content, so it goes into the same cache and no request leaves the page.
 */
const gvlIn = (bundle: TcfBundle, language: string): GVL => {
  const gvl = new GVL(structuredClone(bundle.gvl) as unknown as ConstructorParameters<typeof GVL>[0]);
  gvl.narrowVendorsTo(bundle.vendors.map((v) => v.id));
  const translation = bundle.translations[language];
  const code = language.toUpperCase();
  if (translation && GVL.consentLanguages.has(code)) {
    (GVL as unknown as LanguageCache).LANGUAGE_CACHE.set(code, structuredClone(translation));
    // A cached language is applied before changeLanguage's first await: no fetch, no wait.
    void gvl.changeLanguage(language);
  }
  return gvl;
};

/**
 * The restrictions the string carries: the site's own, and for each vendor's legitimate-interest
 * purposes the site did not allow, "require consent" where the vendor's basis is flexible and
 * "not allowed" otherwise.
 */
export const effectiveRestrictions = (bundle: TcfBundle): { vendorId: number; purposeId: number; type: RestrictionType }[] => {
  const result = bundle.publisherRestrictions.map((r) => ({
    vendorId: r.vendorId,
    purposeId: r.purposeId,
    type: r.restriction === 'require-consent' ? RestrictionType.REQUIRE_CONSENT : RestrictionType.NOT_ALLOWED,
  }));
  for (const choice of bundle.vendors) {
    const vendor = bundle.gvl.vendors[String(choice.id)];
    if (!vendor) continue;
    for (const purposeId of vendor.legIntPurposes) {
      if (choice.legIntPurposes.includes(purposeId) || result.some((r) => r.vendorId === choice.id && r.purposeId === purposeId)) continue;
      result.push({
        vendorId: choice.id,
        purposeId,
        type: vendor.flexiblePurposes.includes(purposeId) ? RestrictionType.REQUIRE_CONSENT : RestrictionType.NOT_ALLOWED,
      });
    }
  }
  return result;
};

export const encodeTcString = (bundle: TcfBundle, choices: TcfChoices, language: string, secondLayer: boolean): string => {
  const gvl = gvlIn(bundle, language);
  const model = new TCModel(gvl);
  model.cmpId = bundle.cmpId;
  model.cmpVersion = bundle.cmpVersion;
  model.isServiceSpecific = true;
  model.publisherCountryCode = bundle.publisherCountryCode;
  model.purposeOneTreatment = bundle.purposeOneTreatment;
  model.consentScreen = secondLayer ? 2 : 1;
  model.purposeConsents.set(choices.purposeConsents);
  model.purposeLegitimateInterests.set(choices.purposeLegitimateInterests);
  model.vendorConsents.set(choices.vendorConsents);
  model.vendorLegitimateInterests.set(choices.vendorLegitimateInterests);
  model.specialFeatureOptins.set(choices.specialFeatureOptins);
  const restrictions = effectiveRestrictions(bundle);
  for (const r of restrictions) model.publisherRestrictions.add(r.vendorId, new PurposeRestriction(r.purposeId, r.type));
  const segments = [Segment.CORE, Segment.VENDORS_DISCLOSED];
  if (bundle.publisherRestrictions.length > 0) {
    model.publisherConsents.set(choices.purposeConsents);
    model.publisherLegitimateInterests.set(choices.purposeLegitimateInterests);
    segments.push(Segment.PUBLISHER_TC);
  }
  return TCString.encode(model, { segments });
};

/** A stored string, decoded; null when it is not one. */
export const decodeTcString = (encoded: string): TCModel | null => {
  try {
    return TCString.decode(encoded);
  } catch {
    return null;
  }
};

const idsOf = (vector: Vector): number[] => {
  const ids: number[] = [];
  vector.forEach((value, id) => {
    if (value) ids.push(id);
  });
  return ids;
};

/** The choice a decoded string holds, to show it again in the second layer. */
export const choicesOf = (model: TCModel): TcfChoices => ({
  purposeConsents: idsOf(model.purposeConsents),
  purposeLegitimateInterests: idsOf(model.purposeLegitimateInterests),
  vendorConsents: idsOf(model.vendorConsents),
  vendorLegitimateInterests: idsOf(model.vendorLegitimateInterests),
  specialFeatureOptins: idsOf(model.specialFeatureOptins),
});
