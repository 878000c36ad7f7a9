import type { DataProvider, Identifier } from 'ra-core';
import type { PrivacyStandards } from '../../schemas/privacyStandards';
import type { PriceTable } from '../../shared/pricing';
import { getJson, segment, sendJson } from './jsonCalls';

/**
 * The consent-solution calls that are not CRUD (docs/api.md): the price table, push for
 * consent and the privacy standards (STD-1..STD-4).
 */

export interface ConsentVersion {
  consentVersion: number;
  consentVersionAt: string;
}

export interface ConsentSolutionsMethods {
  getPricing(): Promise<PriceTable>;
  /** Every visitor is asked again. */
  pushForConsent(id: Identifier): Promise<ConsentVersion>;
  getPrivacyStandards(id: Identifier): Promise<PrivacyStandards>;
  /** Sends the settings as the shared schema reads them; the API answers what it stored. */
  savePrivacyStandards(id: Identifier, values: unknown): Promise<PrivacyStandards>;
}

const solutionPath = (id: Identifier) => `/consent-solutions/${segment(id)}`;

export const withConsentSolutionsMethods = <T extends DataProvider>(base: T): T & ConsentSolutionsMethods => ({
  ...base,
  getPricing: async () => {
    // The price table's rules (zod) load with the first quote, not with the admin.
    const [{ priceTableFromApi }, json] = await Promise.all([import('./priceTable'), getJson('/pricing')]);
    return priceTableFromApi(json);
  },
  pushForConsent: (id) => sendJson(`${solutionPath(id)}/push-for-consent`, 'POST', {}),
  getPrivacyStandards: (id) => getJson(`${solutionPath(id)}/standards`),
  savePrivacyStandards: async (id, values) => {
    // The rules (zod) load with the first save, not with the admin.
    const { privacyStandardsSchema } = await import('../../schemas/privacyStandards');
    return sendJson(`${solutionPath(id)}/standards`, 'PUT', privacyStandardsSchema.parse(values));
  },
});
