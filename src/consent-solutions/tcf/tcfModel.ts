import { allowedLegIntPurposes, tcfSettingsSchema, type GvlVendor, type PublisherRestriction, type TcfSettings } from '../../schemas/tcf';

/** Pure edits of the TCF form (TCF-4), tested without a screen. */

/** Chooses or drops vendors; a newly chosen vendor starts with every LI purpose the policy allows it. */
export const setVendorsChosen = (settings: TcfSettings, vendors: readonly GvlVendor[], chosen: boolean): TcfSettings => {
  const ids = new Set(vendors.map((v) => v.id));
  if (!chosen) {
    return {
      ...settings,
      vendors: settings.vendors.filter((v) => !ids.has(v.id)),
      publisherRestrictions: settings.publisherRestrictions.filter((r) => !ids.has(r.vendorId)),
    };
  }
  const have = new Set(settings.vendors.map((v) => v.id));
  const added = vendors.filter((v) => !have.has(v.id)).map((v) => ({ id: v.id, legIntPurposes: allowedLegIntPurposes(v) }));
  return { ...settings, vendors: [...settings.vendors, ...added] };
};

export const toggleLegInt = (settings: TcfSettings, vendorId: number, purpose: number, allowed: boolean): TcfSettings => ({
  ...settings,
  vendors: settings.vendors.map((v) =>
    v.id !== vendorId
      ? v
      : { ...v, legIntPurposes: allowed ? [...new Set([...v.legIntPurposes, purpose])].sort((a, b) => a - b) : v.legIntPurposes.filter((p) => p !== purpose) },
  ),
});

export const addRestriction = (settings: TcfSettings, restriction: PublisherRestriction): TcfSettings => ({
  ...settings,
  publisherRestrictions: [...settings.publisherRestrictions, restriction],
});

export const removeRestriction = (settings: TcfSettings, index: number): TcfSettings => ({
  ...settings,
  publisherRestrictions: settings.publisherRestrictions.filter((_, i) => i !== index),
});

/** The schema's messages by field path (`publisherCountryCode`, `vendors.2.id`…), first one per path. */
export const settingsErrors = (settings: TcfSettings): Record<string, string> => {
  const parsed = tcfSettingsSchema.safeParse(settings);
  const errors: Record<string, string> = {};
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const path = issue.path.map(String).join('.');
    errors[path] ??= issue.message;
  }
  return errors;
};

/** The errors of one vendor or restriction row, whatever its sub-field. */
export const rowError = (errors: Record<string, string>, prefix: string): string | undefined =>
  Object.entries(errors).find(([path]) => path === prefix || path.startsWith(`${prefix}.`))?.[1];
