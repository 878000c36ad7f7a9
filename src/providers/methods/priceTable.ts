import { SCAN_FREQUENCY_NAMES, scanFrequencyToDays } from '../../shared/domainTypes';
import { FACTOR_SCALE, priceTableSchema, type PriceTable } from '../../shared/pricing';

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
