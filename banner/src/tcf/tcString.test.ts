import { Segment, TCString, type TCModel, type Vector } from '@iabtcf/core';
import { describe, expect, it } from 'vitest';
import type { TcfSettings } from '../../../src/schemas/tcf';
import { createGvlSource } from '../../../dev-server/tcf/gvlSource';
import { pinFor, tcfBundle, TCF_CMP_VERSION } from '../../../dev-server/tcf/tcfBundle';
import { categoriesFromChoices } from './categories';
import { acceptAll, rejectAll } from './choices';
import { encodeTcString } from './tcString';
import type { TcfChoices } from './tcfConfig';

/** Encoded by our code, decoded by the IAB's own decoder (TCF-2). */

const snapshot = createGvlSource().current();
const settings = (overrides: Partial<TcfSettings> = {}): TcfSettings => ({
  enabled: true,
  publisherCountryCode: 'FR',
  purposeOneTreatment: false,
  vendors: [
    { id: 3, legIntPurposes: [7, 10] },
    { id: 8, legIntPurposes: [9, 10] },
    { id: 23, legIntPurposes: [2, 7] },
    { id: 256, legIntPurposes: [] },
  ],
  publisherRestrictions: [],
  acProviders: [],
  ...overrides,
});
const bundleOf = (s: TcfSettings) => tcfBundle(s, snapshot, ['en', 'fr'], 300, pinFor(s, snapshot, null));

const ids = (vector: Vector): number[] => {
  const out: number[] = [];
  vector.forEach((value, id) => {
    if (value) out.push(id);
  });
  return out;
};

const choice: TcfChoices = {
  purposeConsents: [1, 2, 7, 8],
  purposeLegitimateInterests: [9, 10],
  vendorConsents: [3, 8],
  vendorLegitimateInterests: [8, 256],
  specialFeatureOptins: [2],
};

describe('TC strings', () => {
  it('[TCF-2] decode with TCString.decode to exactly the purposes, legitimate interests, vendors, CMP, language and country chosen', () => {
    const bundle = bundleOf(settings());
    const encoded = encodeTcString(bundle, choice, 'fr', true);
    const decoded: TCModel = TCString.decode(encoded);
    expect(ids(decoded.purposeConsents)).toEqual([1, 2, 7, 8]);
    expect(ids(decoded.purposeLegitimateInterests)).toEqual([9, 10]);
    expect(ids(decoded.vendorConsents)).toEqual([3, 8]);
    expect(ids(decoded.vendorLegitimateInterests)).toEqual([8, 256]);
    expect(ids(decoded.specialFeatureOptins)).toEqual([2]);
    expect(ids(decoded.vendorsDisclosed)).toEqual([3, 8, 23, 256]);
    expect(decoded.cmpId).toBe(300);
    expect(decoded.cmpVersion).toBe(TCF_CMP_VERSION);
    expect(decoded.consentLanguage).toBe('FR');
    expect(decoded.publisherCountryCode).toBe('FR');
    expect(decoded.isServiceSpecific).toBe(true);
    expect(decoded.policyVersion).toBe(snapshot.list.tcfPolicyVersion);
    expect(decoded.vendorListVersion).toBe(snapshot.list.vendorListVersion);
    expect(decoded.consentScreen).toBe(2);
    expect(decoded.purposeOneTreatment).toBe(false);
    // Core and disclosed vendors; no publisher segment without restrictions.
    expect(encoded.split('.')).toHaveLength(2);

    const english = TCString.decode(encodeTcString(bundleOf(settings({ publisherCountryCode: 'DE', purposeOneTreatment: true })), choice, 'en', false));
    expect(english.consentLanguage).toBe('EN');
    expect(english.publisherCountryCode).toBe('DE');
    expect(english.purposeOneTreatment).toBe(true);
    expect(english.consentScreen).toBe(1);
  });

  it('[TCF-2] reject all gives no consent and no legitimate interest; accept all consents to every purpose and chosen vendor', () => {
    const bundle = bundleOf(settings());
    const rejected = TCString.decode(encodeTcString(bundle, rejectAll(), 'en', false));
    expect(ids(rejected.purposeConsents)).toEqual([]);
    expect(ids(rejected.vendorConsents)).toEqual([]);
    expect(ids(rejected.purposeLegitimateInterests)).toEqual([]);
    expect(ids(rejected.vendorLegitimateInterests)).toEqual([]);
    expect(ids(rejected.specialFeatureOptins)).toEqual([]);
    expect(categoriesFromChoices(rejectAll())).toEqual(['necessary']);

    const accepted = TCString.decode(encodeTcString(bundle, acceptAll(bundle), 'en', false));
    expect(ids(accepted.purposeConsents)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(ids(accepted.vendorConsents)).toEqual([3, 8, 23]);
    expect(ids(accepted.purposeLegitimateInterests)).toEqual([2, 7, 9, 10]);
    expect(ids(accepted.vendorLegitimateInterests)).toEqual([3, 8, 23, 256]);
    expect(ids(accepted.specialFeatureOptins)).toEqual([2]);
    expect(categoriesFromChoices(acceptAll(bundle))).toEqual(['necessary', 'functional', 'statistics', 'marketing']);
  });

  it('[TCF-2] publisher restrictions, and LI purposes the site does not allow, are in the string, with the publisher segment', () => {
    const bundle = bundleOf(
      settings({
        vendors: [
          { id: 3, legIntPurposes: [7] },
          { id: 8, legIntPurposes: [9, 10] },
        ],
        publisherRestrictions: [{ vendorId: 8, purposeId: 8, restriction: 'not-allowed' }],
      }),
    );
    const encoded = encodeTcString(bundle, choice, 'en', false);
    expect(encoded.split('.')).toHaveLength(3);
    const decoded = TCString.decode(encoded);
    const restrictions = (vendorId: number) => decoded.publisherRestrictions.getRestrictions(vendorId).map((r) => [r.purposeId, r.restrictionType]);
    expect(restrictions(8)).toEqual([[8, 0]]);
    // Vendor 3 declares LI for 7 and 10; the site allowed only 7, and 10 is not flexible for it.
    expect(restrictions(3)).toEqual([[10, 0]]);
    expect(ids(decoded.publisherConsents)).toEqual([1, 2, 7, 8]);
    expect(ids(decoded.publisherLegitimateInterests)).toEqual([9, 10]);
    expect(Segment.PUBLISHER_TC).toBe('publisherTC');
  });

  it('[TCF-4] our categories follow from the purposes consented to', () => {
    expect(categoriesFromChoices({ ...rejectAll(), purposeConsents: [1, 8] })).toEqual(['necessary', 'functional', 'statistics']);
    expect(categoriesFromChoices({ ...rejectAll(), purposeConsents: [2, 3, 4, 7, 8] })).toEqual(['necessary']);
    expect(categoriesFromChoices({ ...rejectAll(), purposeConsents: [1, 2, 3, 4, 7] })).toEqual(['necessary', 'functional', 'marketing']);
  });
});
