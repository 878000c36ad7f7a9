import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../providers/dataProvider';
import { queryKeys } from '../providers/queryKeys';

/**
 * ROUTE-5's first steps, one query for every screen that shows them, so they always agree; for
 * one solution's publish and installation when given (PROMISE-5), else the solution the guide
 * leads to.
 */
export const useOnboardingState = (consentSolutionId?: number | string) => {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({
    queryKey: queryKeys.reports.onboarding(consentSolutionId),
    queryFn: () => dataProvider.getOnboarding(consentSolutionId),
    retry: false,
  });
};
