import { useContext } from 'react';
import { useQuery } from '@tanstack/react-query';
import { DataProviderContext, type DataProvider, type Identifier } from 'react-admin';
import { env } from '../../config/env';
import { httpClient } from '../../providers/httpClient';
import { SCAN_FREQUENCY_NAMES, scanFrequencyToDays } from '../../schemas/domain';
import { FACTOR_SCALE, priceTableSchema, type PriceTable } from '../../shared/pricing';

/**
 * The consent-solution calls that are not CRUD (docs/api.md): the price table and push for
 * consent. They go through the providers' httpClient (credentials, violations turned into
 * toasts and field errors), never a raw fetch. They belong on the AppDataProvider as typed
 * custom methods: `withConsentSolutionsMethods` is the decorator for dataProvider.ts, and the
 * screens use the dataProvider's methods when it has them (tests pass a fake one), these
 * functions otherwise.
 */

export interface ConsentVersion {
  consentVersion: number;
  consentVersionAt: string;
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

/** `GET /pricing`. */
export const getPricing = async (): Promise<PriceTable> => {
  const { json } = await httpClient(`${env.apiUrl}/pricing`);
  return priceTableFromApi(json);
};

/** `POST /consent-solutions/{id}/push-for-consent`: every visitor is asked again. */
export const pushForConsent = async (id: Identifier): Promise<ConsentVersion> => {
  const { json } = await httpClient(`${env.apiUrl}/consent-solutions/${encodeURIComponent(String(id))}/push-for-consent`, {
    method: 'POST',
    body: '{}',
  });
  return json as ConsentVersion;
};

export interface ConsentSolutionsMethods {
  getPricing(): Promise<PriceTable>;
  pushForConsent(id: Identifier): Promise<ConsentVersion>;
}

export const consentSolutionsMethods: ConsentSolutionsMethods = { getPricing, pushForConsent };

/** The decorator for dataProvider.ts: `withConsentSolutionsMethods(withCustomMethods(…))`. */
export const withConsentSolutionsMethods = <T extends DataProvider>(base: T): T & ConsentSolutionsMethods => ({
  ...consentSolutionsMethods,
  ...base,
});

/**
 * The methods the screens call. The raw provider from the context, not `useDataProvider()`:
 * that one is a proxy on which every method name looks defined.
 */
export const useConsentSolutionsMethods = (): ConsentSolutionsMethods => {
  const provider = useContext(DataProviderContext) as (DataProvider & Partial<ConsentSolutionsMethods>) | null;
  const own: Partial<ConsentSolutionsMethods> = provider ?? {};
  return {
    getPricing: typeof own.getPricing === 'function' ? own.getPricing.bind(own) : getPricing,
    pushForConsent: typeof own.pushForConsent === 'function' ? own.pushForConsent.bind(own) : pushForConsent,
  };
};

export const PRICING_QUERY_KEY = ['pricing'] as const;

/**
 * The price table, fetched once per session: prices change with a new pricing version, not
 * while someone fills a form. When it fails, the preview says it cannot show a price and
 * saving still works.
 */
export const usePricing = () => {
  const methods = useConsentSolutionsMethods();
  return useQuery({
    queryKey: PRICING_QUERY_KEY,
    queryFn: () => methods.getPricing(),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
};
