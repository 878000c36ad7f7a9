import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../providers/dataProvider';
import { queryKeys } from '../providers/queryKeys';

/** ROUTE-5's first steps, one query for every screen that shows them, so they always agree. */
export const useOnboardingState = () => {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({ queryKey: queryKeys.reports.onboarding, queryFn: () => dataProvider.getOnboarding(), retry: false });
};
