import { z } from 'zod';

/**
 * IAB TCF v2.2 (TCF-1..4): the Global Vendor List's wire format (v3, as the IAB publishes it and
 * the dev API serves it) and a consent solution's TCF settings. One schema for the admin's form,
 * the dev API's validation and the banner's bundle.
 */

/** The eleven TCF purposes. */
export const TCF_PURPOSE_IDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] as const;
/**
 * TCF 2.2 policy: purpose 1 was never open to legitimate interest, and purposes 3 to 6
 * (personalised ads and content profiles) need consent since policy version 4.
 */
const LI_FORBIDDEN_PURPOSES: readonly number[] = [1, 3, 4, 5, 6];
const MAX_TCF_VENDORS = 1000;

export const PUBLISHER_RESTRICTIONS = ['require-consent', 'not-allowed'] as const;
export type PublisherRestrictionType = (typeof PUBLISHER_RESTRICTIONS)[number];

// ---------------------------------------------------------------------------------------------
// The Global Vendor List, v3.

const idList = z.array(z.number().int().positive());
const declaration = z.object({ id: z.number().int().positive(), name: z.string(), description: z.string() }).loose();
const idMap = <S extends z.ZodType>(item: S) => z.record(z.string().regex(/^\d+$/), item);

export const gvlVendorSchema = z
  .object({
    id: z.number().int().positive(),
    name: z.string().min(1),
    purposes: idList,
    legIntPurposes: idList,
    flexiblePurposes: idList,
    specialPurposes: idList,
    features: idList,
    specialFeatures: idList,
    cookieMaxAgeSeconds: z.number().nullable().optional(),
    usesCookies: z.boolean(),
    cookieRefresh: z.boolean().optional(),
    usesNonCookieAccess: z.boolean(),
    urls: z.array(z.object({ langId: z.string(), privacy: z.string(), legIntClaim: z.string().optional() }).loose()).optional(),
    dataRetention: z
      .object({ stdRetention: z.number().optional(), purposes: z.record(z.string(), z.number()), specialPurposes: z.record(z.string(), z.number()) })
      .loose()
      .optional(),
    dataDeclaration: idList.optional(),
    deviceStorageDisclosureUrl: z.string().optional(),
    deletedDate: z.string().optional(),
  })
  .loose();
export type GvlVendor = z.infer<typeof gvlVendorSchema>;

const declarationsShape = {
  purposes: idMap(declaration),
  specialPurposes: idMap(declaration),
  features: idMap(declaration),
  specialFeatures: idMap(declaration),
  stacks: idMap(declaration.extend({ purposes: idList, specialFeatures: idList })),
  dataCategories: idMap(declaration),
};

/** A vendor-list.json the dev API accepts: GVL specification 3, TCF policy 4 (2.2) or later, all eleven purposes. */
export const vendorListSchema = z
  .object({
    gvlSpecificationVersion: z.literal(3),
    vendorListVersion: z.number().int().positive(),
    tcfPolicyVersion: z.number().int().min(4),
    lastUpdated: z.string(),
    ...declarationsShape,
    vendors: idMap(gvlVendorSchema),
  })
  .loose()
  .refine((list) => TCF_PURPOSE_IDS.every((id) => list.purposes[String(id)]?.id === id), { message: 'all eleven purposes are required' })
  .refine((list) => Object.entries(list.vendors).every(([key, vendor]) => String(vendor.id) === key), { message: 'vendor keys must match their ids' });
export type VendorList = z.infer<typeof vendorListSchema>;

/** A purposes-{lang}.json translation of the declarations. */
export const purposeTranslationSchema = z.object({ ...declarationsShape }).loose();
export type PurposeTranslation = z.infer<typeof purposeTranslationSchema>;
export type GvlDeclarations = Pick<VendorList, keyof typeof declarationsShape>;

/** What GET /tcf/vendor-list answers: the list's versions and declarations, without the vendors (paged at /tcf/vendors). */
export interface VendorListSummary extends GvlDeclarations {
  gvlSpecificationVersion: number;
  vendorListVersion: number;
  tcfPolicyVersion: number;
  lastUpdated: string;
  vendorCount: number;
  languages: string[];
  /** When the list was last loaded, and the last refresh error (the previous list is kept). */
  refreshedAt: string;
  lastRefreshError: string | null;
}

// ---------------------------------------------------------------------------------------------
// A consent solution's TCF settings.

const purposeId = z
  .number({ error: 'validation.tcf_purpose_invalid' })
  .int('validation.tcf_purpose_invalid')
  .min(1, 'validation.tcf_purpose_invalid')
  .max(11, 'validation.tcf_purpose_invalid');

export const tcfVendorChoiceSchema = z.object({
  id: z.number({ error: 'validation.invalid_value' }).int('validation.invalid_value').positive('validation.invalid_value'),
  /** The vendor's legitimate-interest purposes this site allows; the others fall back to consent or are not allowed. */
  legIntPurposes: z
    .array(purposeId)
    .default([])
    .superRefine((ids, ctx) => {
      ids.forEach((id, index) => {
        if (LI_FORBIDDEN_PURPOSES.includes(id)) ctx.addIssue({ code: 'custom', path: [index], message: 'validation.tcf_li_purpose_not_allowed' });
      });
    }),
});
export type TcfVendorChoice = z.infer<typeof tcfVendorChoiceSchema>;

export const publisherRestrictionSchema = z.object({
  vendorId: z.number({ error: 'validation.invalid_value' }).int('validation.invalid_value').positive('validation.invalid_value'),
  purposeId,
  restriction: z.enum(PUBLISHER_RESTRICTIONS, { error: 'validation.tcf_restriction_invalid' }),
});
export type PublisherRestriction = z.infer<typeof publisherRestrictionSchema>;

/** The settings' rules that need no Global Vendor List (the API adds the vendor checks). */
export const tcfSettingsSchema = z
  .object({
    enabled: z.boolean({ error: 'validation.boolean_required' }).default(false),
    publisherCountryCode: z
      .string({ error: 'validation.tcf_country_invalid' })
      // Empty until chosen: the API offers the account's billing country when it knows one (TCF-5).
      .regex(/^([A-Z]{2})?$/, 'validation.tcf_country_invalid')
      .default(''),
    purposeOneTreatment: z.boolean({ error: 'validation.boolean_required' }).default(false),
    vendors: z.array(tcfVendorChoiceSchema).max(MAX_TCF_VENDORS, 'validation.tcf_vendors_too_many').default([]),
    publisherRestrictions: z
      .array(publisherRestrictionSchema)
      .max(MAX_TCF_VENDORS * 11, 'validation.invalid_value')
      .default([]),
    /** STD-14: the chosen providers of Google's Additional Consent list (the API checks they are on it). */
    acProviders: z
      .array(z.number({ error: 'validation.invalid_value' }).int('validation.invalid_value').positive('validation.invalid_value'))
      .max(MAX_TCF_VENDORS, 'validation.tcf_vendors_too_many')
      .default([]),
  })
  .superRefine((settings, ctx) => {
    // TCF-5: a TC string names the publisher's country, so TCF cannot be switched on without one.
    if (settings.enabled && settings.publisherCountryCode === '')
      ctx.addIssue({ code: 'custom', path: ['publisherCountryCode'], message: 'validation.tcf_country_required' });
    const chosen = new Set<number>();
    settings.vendors.forEach((vendor, index) => {
      if (chosen.has(vendor.id)) ctx.addIssue({ code: 'custom', path: ['vendors', index, 'id'], message: 'validation.tcf_vendor_duplicate' });
      chosen.add(vendor.id);
    });
    const restricted = new Set<string>();
    settings.publisherRestrictions.forEach((restriction, index) => {
      if (!chosen.has(restriction.vendorId))
        ctx.addIssue({ code: 'custom', path: ['publisherRestrictions', index, 'vendorId'], message: 'validation.tcf_restriction_vendor_not_chosen' });
      const key = `${restriction.vendorId}:${restriction.purposeId}`;
      if (restricted.has(key))
        ctx.addIssue({ code: 'custom', path: ['publisherRestrictions', index, 'purposeId'], message: 'validation.tcf_restriction_duplicate' });
      restricted.add(key);
    });
    const providers = new Set<number>();
    settings.acProviders.forEach((id, index) => {
      if (providers.has(id)) ctx.addIssue({ code: 'custom', path: ['acProviders', index], message: 'validation.tcf_vendor_duplicate' });
      providers.add(id);
    });
  });
export type TcfSettings = z.output<typeof tcfSettingsSchema>;

export const DEFAULT_TCF_SETTINGS: TcfSettings = {
  enabled: false,
  publisherCountryCode: '',
  purposeOneTreatment: false,
  vendors: [],
  publisherRestrictions: [],
  acProviders: [],
};

/** The legitimate-interest purposes a site may allow a vendor: declared LI or flexible, never 1 or 3-6. */
export const allowedLegIntPurposes = (vendor: Pick<GvlVendor, 'legIntPurposes' | 'flexiblePurposes'>): number[] =>
  [...new Set([...vendor.legIntPurposes, ...vendor.flexiblePurposes])].filter((id) => !LI_FORBIDDEN_PURPOSES.includes(id)).sort((a, b) => a - b);

/** A vendor's declaration that consent depends on: what changes it means visitors must be asked again. */
export const vendorConsentSignature = (vendor: GvlVendor): string =>
  [vendor.purposes, vendor.legIntPurposes, vendor.flexiblePurposes, vendor.specialPurposes, vendor.features, vendor.specialFeatures]
    .map((ids) => [...ids].sort((a, b) => a - b).join(','))
    .join('|');

/** What a publication pins (TCF-3): the GVL version, and each chosen vendor's declaration then. */
export interface PublishedTcf {
  gvlVersion: number;
  tcfPolicyVersion: number;
  /** Stored TC strings made with an older GVL version are asked again. */
  consentGvlVersion: number;
  vendorSignatures: Record<string, string>;
}

/** GET /consent-solutions/{id}/tcf: the settings and what changed in the GVL since the last publication. */
export interface TcfSettingsState {
  consentSolutionId: number;
  settings: TcfSettings;
  /** The GVL version the published banner pins (null: never published with TCF on). */
  publishedGvlVersion: number | null;
  currentGvlVersion: number;
  /** Chosen vendors whose declarations changed since the published version, and those no longer in the list. */
  changedVendorIds: number[];
  departedVendorIds: number[];
  updatedAt: string | null;
}

// ---------------------------------------------------------------------------------------------
// STD-14: Google's Additional Consent providers (ad tech providers not on the IAB's list).

/** One provider of Google's list (`additional-consent-providers.csv`). */
export interface AcProviderRow {
  id: number;
  name: string;
  policyUrl: string;
  domains: string;
}
