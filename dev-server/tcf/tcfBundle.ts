import type { AcProvider, TcfBundle, TcfListUpdate } from '../../banner/src/tcf/tcfConfig';
import { vendorConsentSignature, type AcProviderRow, type GvlDeclarations, type PublishedTcf, type TcfSettings } from '../../src/schemas/tcf';
import { gvlLanguageOf, type GvlSnapshot } from './gvlSource';
import { tcfTexts } from './tcfTexts';

/** The CMP's own version in TC strings: raised when the TCF module's behaviour changes. */
export const TCF_CMP_VERSION = 1;

type Declared = { id: number; name: string; description: string };
/** Only what the layers show: the IAB's illustrations and legal texts stay out of every page's script. */
const shown = <T extends Declared>(map: Record<string, T>, extra: (item: T) => object = () => ({})): Record<string, T> =>
  Object.fromEntries(Object.entries(map).map(([key, item]) => [key, { id: item.id, name: item.name, description: item.description, ...extra(item) } as T]));

const declarationsOf = (source: GvlDeclarations): GvlDeclarations => ({
  purposes: shown(source.purposes),
  specialPurposes: shown(source.specialPurposes),
  features: shown(source.features),
  specialFeatures: shown(source.specialFeatures),
  stacks: shown(source.stacks, (stack) => ({ purposes: stack.purposes, specialFeatures: stack.specialFeatures })),
  dataCategories: shown(source.dataCategories),
});

/**
 * TCF-3: the pin of a publication. Stored strings stay valid from `consentGvlVersion` on: the
 * previous pin's, unless a chosen vendor's declaration differs from it (then only strings made
 * with this GVL version count, and visitors are asked again).
 */
export const pinFor = (settings: TcfSettings, snapshot: GvlSnapshot, previous: PublishedTcf | null): PublishedTcf => {
  const { list } = snapshot;
  const vendorSignatures: Record<string, string> = {};
  for (const { id } of settings.vendors) {
    const vendor = list.vendors[String(id)];
    if (vendor) vendorSignatures[String(id)] = vendorConsentSignature(vendor);
  }
  const unchanged =
    previous !== null &&
    previous.tcfPolicyVersion === list.tcfPolicyVersion &&
    Object.entries(vendorSignatures).every(([id, signature]) => previous.vendorSignatures[id] === undefined || previous.vendorSignatures[id] === signature);
  return {
    gvlVersion: list.vendorListVersion,
    tcfPolicyVersion: list.tcfPolicyVersion,
    consentGvlVersion: unchanged ? previous.consentGvlVersion : list.vendorListVersion,
    vendorSignatures,
  };
};

/**
 * STD-11: the version from which stored TC strings still hold under the current list: the pin's,
 * unless a chosen vendor's declaration differs from the one pinned at publish; then the version
 * this server saw it change in (the current one when it did not see the change).
 */
export const currentConsentGvlVersion = (settings: TcfSettings, snapshot: GvlSnapshot, pin: PublishedTcf): number => {
  let version = pin.consentGvlVersion;
  for (const { id } of settings.vendors) {
    const vendor = snapshot.list.vendors[String(id)];
    const pinned = pin.vendorSignatures[String(id)];
    if (vendor && pinned !== undefined && pinned !== vendorConsentSignature(vendor))
      version = Math.max(version, snapshot.changedAt[String(id)] ?? snapshot.list.vendorListVersion);
  }
  return version;
};

/** STD-14: the chosen providers still on Google's list, as the banner shows them. */
const chosenAcProviders = (settings: TcfSettings, providers: ReadonlyMap<number, AcProviderRow>): AcProvider[] =>
  settings.acProviders.flatMap((id) => {
    const provider = providers.get(id);
    return provider ? [{ id, name: provider.name, policyUrl: provider.policyUrl }] : [];
  });

/** What the TCF module of a published banner starts with: the GVL narrowed to the chosen vendors, in the solution's languages. */
export const tcfBundle = (
  settings: TcfSettings,
  snapshot: GvlSnapshot,
  languages: readonly string[],
  cmpId: number,
  pin: PublishedTcf,
  { acProviders = new Map(), listPath }: { acProviders?: ReadonlyMap<number, AcProviderRow>; listPath?: string } = {},
): TcfBundle => {
  // A chosen vendor that left the GVL (or was marked deleted) is no longer disclosed nor asked for.
  const vendors = settings.vendors.filter((v) => {
    const vendor = snapshot.list.vendors[String(v.id)];
    return vendor !== undefined && !vendor.deletedDate;
  });
  const chosen = new Set(vendors.map((v) => v.id));
  const list = { ...structuredClone(snapshot.list), ...declarationsOf(snapshot.list) };
  list.vendors = Object.fromEntries(Object.entries(list.vendors).filter(([, vendor]) => chosen.has(vendor.id)));
  const translations: Record<string, GvlDeclarations> = {};
  const texts: TcfBundle['texts'] = { en: tcfTexts('en') };
  for (const language of languages) {
    // I18N-1: the IAB's purpose translations where the GVL has the language, our own texts for the rest.
    const translation = snapshot.translations[gvlLanguageOf(language)];
    if (language !== 'en' && translation) translations[language] = declarationsOf(translation as GvlDeclarations);
    texts[language] = tcfTexts(language);
  }
  return {
    cmpId,
    cmpVersion: TCF_CMP_VERSION,
    publisherCountryCode: settings.publisherCountryCode,
    purposeOneTreatment: settings.purposeOneTreatment,
    gvl: list,
    translations,
    vendors,
    publisherRestrictions: settings.publisherRestrictions.filter((r) => chosen.has(r.vendorId)),
    consentGvlVersion: pin.consentGvlVersion,
    texts,
    acProviders: chosenAcProviders(settings, acProviders),
    ...(listPath === undefined ? {} : { listPath }),
  };
};

/** STD-11: the list-dependent part of a published banner, made again from the current lists (served by the CDN). */
export const tcfListUpdate = (
  settings: TcfSettings,
  snapshot: GvlSnapshot,
  language: string,
  pin: PublishedTcf,
  acProviders: ReadonlyMap<number, AcProviderRow>,
): TcfListUpdate => {
  const bundle = tcfBundle(settings, snapshot, [language], 0, pin, { acProviders });
  return {
    gvl: bundle.gvl,
    translations: bundle.translations,
    vendors: bundle.vendors,
    publisherRestrictions: bundle.publisherRestrictions,
    consentGvlVersion: currentConsentGvlVersion(settings, snapshot, pin),
    acProviders: bundle.acProviders,
  };
};
