import type { DataProvider, Identifier } from 'ra-core';
import { SCAN_FREQUENCY_NAMES, scanFrequencyToDays } from '../../shared/domainTypes';
import type { PrivacyStandards } from '../../schemas/privacyStandards';
import { FACTOR_SCALE, priceTableSchema, type PriceTable } from '../../shared/pricing';
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

/** `GET /pricing` as docs/api.md words it; factors are multipliers (1.5) keyed by days. */
interface ContractPriceTable {
  currency: string;
  version: string | number;
  depthMonthlyCents: Record<string, number>;
  frequencyFactor: Record<string, number>;
  planFactor: Record<string, number>;
  yearlyMonths: number;
}

const isContractPriceTable = (json: unknown): json is ContractPriceTable =>
  typeof json === 'object' && json !== null && 'depthMonthlyCents' in json && 'frequencyFactor' in json;

/**
 * Multipliers to basis points. A value above 100 is taken as already in basis points (no real
 * price factor is ×100), so a server that sends either form is read right.
 */
const toBasisPoints = (value: number | undefined): number | undefined =>
  value === undefined ? undefined : value > 100 ? Math.round(value) : Math.round(value * FACTOR_SCALE);

/**
 * The price table the app computes with (src/shared/pricing.ts), from either the contract's
 * wording of `GET /pricing` or the shared PriceTable shape, validated before any arithmetic:
 * a malformed table must fail loudly rather than show a wrong price.
 */
export const priceTableFromApi = (json: unknown): PriceTable => {
  if (!isContractPriceTable(json)) return priceTableSchema.parse(json);
  return priceTableSchema.parse({
    version: String(json.version),
    currency: json.currency,
    monthlyCentsPerPublicDomainByDepth: json.depthMonthlyCents,
    frequencyFactorsInBasisPoints: Object.fromEntries(
      SCAN_FREQUENCY_NAMES.map((name) => [name, toBasisPoints(json.frequencyFactor[String(scanFrequencyToDays(name))])]),
    ),
    planFactorsInBasisPoints: {
      essential: toBasisPoints(json.planFactor.essential),
      professional: toBasisPoints(json.planFactor.professional),
    },
    monthsBilledPerYear: json.yearlyMonths,
  });
};

const solutionPath = (id: Identifier) => `/consent-solutions/${segment(id)}`;

export const withConsentSolutionsMethods = <T extends DataProvider>(base: T): T & ConsentSolutionsMethods => ({
  ...base,
  getPricing: async () => priceTableFromApi(await getJson('/pricing')),
  pushForConsent: (id) => sendJson(`${solutionPath(id)}/push-for-consent`, 'POST', {}),
  getPrivacyStandards: (id) => getJson(`${solutionPath(id)}/standards`),
  savePrivacyStandards: async (id, values) => {
    // The rules (zod) load with the first save, not with the admin.
    const { privacyStandardsSchema } = await import('../../schemas/privacyStandards');
    return sendJson(`${solutionPath(id)}/standards`, 'PUT', privacyStandardsSchema.parse(values));
  },
});
