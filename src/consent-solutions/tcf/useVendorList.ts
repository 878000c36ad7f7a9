import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useLocaleState } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import { queryKeys } from '../../providers/queryKeys';

/** The GVL's declarations in the admin's language (purpose names for the restriction picker). */
export const useVendorList = () => {
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({ queryKey: queryKeys.tcf.vendorList(locale), queryFn: () => dataProvider.getVendorList(locale) });
};
