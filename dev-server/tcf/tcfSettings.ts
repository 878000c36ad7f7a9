import {
  allowedLegIntPurposes,
  DEFAULT_TCF_SETTINGS,
  vendorConsentSignature,
  type PublishedTcf,
  type TcfSettings,
  type TcfSettingsState,
  type VendorList,
} from '../../src/schemas/tcf';
import type { Violation } from '../../src/shared/violations';
import type { PublicationRow } from '../cdn/types';
import { violation } from '../http/errors';
import type { Store } from '../store/store';

/** Collection `tcfSettings`: one row per consent solution whose TCF settings were saved. */
export const TCF_SETTINGS = 'tcfSettings';

export interface TcfSettingsRow extends Omit<TcfSettings, 'acProviders'> {
  /** STD-14: absent on rows saved before Additional Consent existed. */
  acProviders?: number[];
  id: number;
  accountId: number;
  consentSolutionId: number;
  updatedAt: string;
  updatedBy: string;
}

/** `defaultCountry`: what a solution that never saved its settings is offered (TCF-5). */
export const settingsOf = (row: TcfSettingsRow | undefined, defaultCountry = ''): TcfSettings =>
  row
    ? {
        enabled: row.enabled,
        publisherCountryCode: row.publisherCountryCode,
        purposeOneTreatment: row.purposeOneTreatment,
        vendors: structuredClone(row.vendors),
        publisherRestrictions: structuredClone(row.publisherRestrictions),
        // Rows saved before Additional Consent existed chose no provider.
        acProviders: [...(row.acProviders ?? [])],
      }
    : { ...structuredClone(DEFAULT_TCF_SETTINGS), publisherCountryCode: defaultCountry };

export const tcfSettingsRows = (store: Store): TcfSettingsRow[] => store.rows<TcfSettingsRow>(TCF_SETTINGS);

export const tcfSettingsOf = (store: Store, consentSolutionId: number): TcfSettingsRow | undefined =>
  tcfSettingsRows(store).find((row) => row.consentSolutionId === consentSolutionId);

/** The checks that need the Global Vendor List: every chosen vendor is in it, and its LI purposes are ones it declares. */
export const gvlViolations = (settings: TcfSettings, list: VendorList): Violation[] => {
  const violations: Violation[] = [];
  settings.vendors.forEach((choice, index) => {
    const vendor = list.vendors[String(choice.id)];
    if (!vendor || vendor.deletedDate) {
      violations.push(violation('validation.tcf_vendor_unknown', `vendors.${index}.id`));
      return;
    }
    const allowed = allowedLegIntPurposes(vendor);
    choice.legIntPurposes.forEach((purpose, p) => {
      if (!allowed.includes(purpose)) violations.push(violation('validation.tcf_li_purpose_not_declared', `vendors.${index}.legIntPurposes.${p}`));
    });
  });
  return violations;
};

/** STD-14: every chosen Additional Consent provider is on Google's list. */
export const acProviderViolations = (settings: TcfSettings, providers: ReadonlyMap<number, unknown>): Violation[] =>
  settings.acProviders.flatMap((id, index) => (providers.has(id) ? [] : [violation('validation.tcf_ac_provider_unknown', `acProviders.${index}`)]));

/** The settings, and which chosen vendors changed or left since the published pin. */
export const tcfState = (
  consentSolutionId: number,
  row: TcfSettingsRow | undefined,
  list: VendorList,
  published: PublishedTcf | null | undefined,
  defaultCountry = '',
): TcfSettingsState => {
  const settings = settingsOf(row, defaultCountry);
  const changedVendorIds: number[] = [];
  const departedVendorIds: number[] = [];
  for (const { id } of settings.vendors) {
    const vendor = list.vendors[String(id)];
    if (!vendor || vendor.deletedDate) departedVendorIds.push(id);
    else {
      const pinned = published?.vendorSignatures[String(id)];
      if (pinned !== undefined && pinned !== vendorConsentSignature(vendor)) changedVendorIds.push(id);
    }
  }
  return {
    consentSolutionId,
    settings,
    publishedGvlVersion: published?.gvlVersion ?? null,
    currentGvlVersion: list.vendorListVersion,
    changedVendorIds,
    departedVendorIds,
    updatedAt: row?.updatedAt ?? null,
  };
};

/** The newest publication's pin, if that publication had TCF on. */
export const latestPublishedTcf = (publications: readonly PublicationRow[], consentSolutionId: number): PublishedTcf | null =>
  publications
    .filter((p) => p.consentSolutionId === consentSolutionId)
    .reduce<PublicationRow | undefined>((latest, p) => (!latest || p.version > latest.version ? p : latest), undefined)?.tcf ?? null;
