import type { TcfChoices } from './tcfConfig';

/**
 * TCF-4: our categories follow from the TCF choice, and Consent Mode follows from our categories
 * (STD-2's mapping). A category is granted when the visitor consents to every purpose mapped to
 * it (docs/api.md "IAB TCF", the mapping table):
 * - functional ← 1 (store and/or access information on a device)
 * - statistics ← 1, 8 (measure content performance)
 * - marketing ← 1, 2, 3, 4, 7 (select ads, create and use ad profiles, measure ads)
 */
export const CATEGORY_PURPOSES: Record<string, readonly number[]> = {
  functional: [1],
  statistics: [1, 8],
  marketing: [1, 2, 3, 4, 7],
};

export const categoriesFromChoices = (choices: TcfChoices): string[] => [
  'necessary',
  ...Object.keys(CATEGORY_PURPOSES).filter((category) => CATEGORY_PURPOSES[category]?.every((p) => choices.purposeConsents.includes(p))),
];
