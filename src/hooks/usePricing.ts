import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../providers/dataProvider';
import { queryKeys } from '../providers/queryKeys';

/**
 * The price table, fetched once per session: prices change with a new pricing version, not
 * while someone fills a form. When it fails, the preview says it cannot show a price and
 * saving still works.
 */
export const usePricing = () => {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({
    queryKey: queryKeys.pricing.all,
    queryFn: () => dataProvider.getPricing(),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
};
