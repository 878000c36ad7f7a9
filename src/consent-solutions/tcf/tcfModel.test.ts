import { describe, expect, it } from 'vitest';
import { DEFAULT_TCF_SETTINGS, type GvlVendor } from '../../schemas/tcf';
import { addRestriction, removeRestriction, rowError, setVendorsChosen, settingsErrors, toggleLegInt } from './tcfModel';

const vendor = (id: number, legIntPurposes: number[], flexiblePurposes: number[] = []): GvlVendor => ({
  id,
  name: `Vendor ${id}`,
  purposes: [1],
  legIntPurposes,
  flexiblePurposes,
  specialPurposes: [],
  features: [],
  specialFeatures: [],
  usesCookies: true,
  usesNonCookieAccess: false,
});

describe('TCF form model', () => {
  it('[TCF-4] a bulk choice adds each vendor once with the LI purposes TCF 2.2 allows it; dropping one drops its restrictions', () => {
    let settings = setVendorsChosen(DEFAULT_TCF_SETTINGS, [vendor(3, [2, 3, 7]), vendor(8, [], [5, 10])], true);
    settings = setVendorsChosen(settings, [vendor(3, [2, 3, 7])], true);
    expect(settings.vendors).toEqual([
      { id: 3, legIntPurposes: [2, 7] },
      { id: 8, legIntPurposes: [10] },
    ]);
    settings = addRestriction(settings, { vendorId: 3, purposeId: 2, restriction: 'not-allowed' });
    settings = addRestriction(settings, { vendorId: 8, purposeId: 1, restriction: 'require-consent' });
    settings = toggleLegInt(settings, 3, 7, false);
    expect(settings.vendors[0]).toEqual({ id: 3, legIntPurposes: [2] });
    settings = setVendorsChosen(settings, [vendor(3, [])], false);
    expect(settings.vendors.map((v) => v.id)).toEqual([8]);
    expect(settings.publisherRestrictions).toEqual([{ vendorId: 8, purposeId: 1, restriction: 'require-consent' }]);
    expect(removeRestriction(settings, 0).publisherRestrictions).toEqual([]);
  });

  it('[TCF-4] the shared schema reports problems on their fields before anything is sent', () => {
    const errors = settingsErrors({
      ...DEFAULT_TCF_SETTINGS,
      publisherCountryCode: 'fr',
      vendors: [{ id: 3, legIntPurposes: [4] }],
      publisherRestrictions: [{ vendorId: 9, purposeId: 2, restriction: 'not-allowed' }],
    });
    expect(errors).toEqual({
      publisherCountryCode: 'validation.tcf_country_invalid',
      'vendors.0.legIntPurposes.0': 'validation.tcf_li_purpose_not_allowed',
      'publisherRestrictions.0.vendorId': 'validation.tcf_restriction_vendor_not_chosen',
    });
    expect(rowError(errors, 'vendors.0')).toBe('validation.tcf_li_purpose_not_allowed');
    expect(settingsErrors({ ...DEFAULT_TCF_SETTINGS, vendors: [{ id: 3, legIntPurposes: [] }] })).toEqual({});
  });
});
