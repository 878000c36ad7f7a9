import type { TcfBundle, TcfChoices } from './tcfConfig';

const unique = (ids: number[]): number[] => [...new Set(ids)].sort((a, b) => a - b);

export const ALL_PURPOSES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];

/** The legitimate-interest purposes in play: those a chosen vendor may use under LI on this site. */
export const legIntPurposesInPlay = (bundle: TcfBundle): number[] => unique(bundle.vendors.flatMap((v) => v.legIntPurposes));

/** Vendors that rest on legitimate interest here: an allowed LI purpose, or special purposes only. */
export const legIntVendors = (bundle: TcfBundle): number[] =>
  bundle.vendors
    .filter((choice) => {
      const vendor = bundle.gvl.vendors[String(choice.id)];
      return choice.legIntPurposes.length > 0 || (vendor !== undefined && vendor.purposes.length === 0 && vendor.specialPurposes.length > 0);
    })
    .map((v) => v.id);

/** Vendors that ask for consent: a consent purpose or a flexible one. */
export const consentVendors = (bundle: TcfBundle): number[] =>
  bundle.vendors
    .filter((choice) => {
      const vendor = bundle.gvl.vendors[String(choice.id)];
      return vendor !== undefined && (vendor.purposes.length > 0 || vendor.flexiblePurposes.length > 0);
    })
    .map((v) => v.id);

export const specialFeaturesInPlay = (bundle: TcfBundle): number[] =>
  unique(bundle.vendors.flatMap((choice) => bundle.gvl.vendors[String(choice.id)]?.specialFeatures ?? []));

/** "Accept all": every purpose, every vendor, every special feature shown. */
export const acceptAll = (bundle: TcfBundle): TcfChoices => ({
  purposeConsents: ALL_PURPOSES.slice(),
  purposeLegitimateInterests: legIntPurposesInPlay(bundle),
  vendorConsents: consentVendors(bundle),
  vendorLegitimateInterests: legIntVendors(bundle),
  specialFeatureOptins: specialFeaturesInPlay(bundle),
});

/** "Reject all": no consent, and an objection to every legitimate interest. */
export const rejectAll = (): TcfChoices => ({
  purposeConsents: [],
  purposeLegitimateInterests: [],
  vendorConsents: [],
  vendorLegitimateInterests: [],
  specialFeatureOptins: [],
});
