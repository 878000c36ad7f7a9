import type en from '../../texts/en.json';
import type { GvlDeclarations, PublisherRestriction, TcfVendorChoice, VendorList } from '../../../src/schemas/tcf';

/**
 * The contract between publishing and the TCF module (TCF-1..4): what a published banner with
 * TCF on carries besides the core banner's config. Types only: nothing of the admin's schemas
 * ends up in the runtime.
 */

/**
 * The visible texts of the two TCF layers in one language (the GVL gives the declarations' names):
 * English's keys (I18N-1); `{vendors}` is the number of vendors, `{days}` and `{seconds}` a vendor's
 * retention and cookie life.
 */
export type TcfTexts = (typeof en)['tcf'];

/** STD-14: one of Google's ad tech providers (Additional Consent), as the banner shows it. */
export interface AcProvider {
  id: number;
  name: string;
  policyUrl: string;
}

/**
 * STD-11: what the CDN serves at `{listPath}.{gvlVersion}.{language}.json` when the Global
 * Vendor List changed after publishing: the bundle's list-dependent part, made from the current
 * list and the published choice.
 */
export type TcfListUpdate = Pick<TcfBundle, 'gvl' | 'translations' | 'vendors' | 'publisherRestrictions' | 'consentGvlVersion' | 'acProviders'>;

export interface TcfBundle {
  cmpId: number;
  cmpVersion: number;
  publisherCountryCode: string;
  purposeOneTreatment: boolean;
  /** The GVL the banner was published with, narrowed to the chosen vendors. */
  gvl: VendorList;
  /** Declarations per other language (purposes-{lang}.json). */
  translations: Record<string, GvlDeclarations>;
  vendors: TcfVendorChoice[];
  publisherRestrictions: PublisherRestriction[];
  /** Stored TC strings made with an older GVL version than this are asked again (a chosen vendor's declaration changed). */
  consentGvlVersion: number;
  texts: Record<string, TcfTexts>;
  /** STD-14: the chosen providers of Google's Additional Consent list (none: no AC string). */
  acProviders: AcProvider[];
  /** STD-11: the CDN path of this publication's current-list files (absent in a preview). */
  listPath?: string;
}

/** A visitor's TCF choice, by id lists. */
export interface TcfChoices {
  purposeConsents: number[];
  /** Purposes whose legitimate interest the visitor did not object to. */
  purposeLegitimateInterests: number[];
  vendorConsents: number[];
  vendorLegitimateInterests: number[];
  specialFeatureOptins: number[];
}
