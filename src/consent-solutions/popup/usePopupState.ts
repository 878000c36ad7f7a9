import { useQuery } from '@tanstack/react-query';
import { useDataProvider, type Identifier } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import { queryKeys } from '../../providers/queryKeys';

/** The solution's pop-up choice and publication (ROUTE-13), one query for every screen. */
export const usePopupState = (solutionId: Identifier) => {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({ queryKey: queryKeys.popup.state(solutionId), queryFn: () => dataProvider.getPopupState(solutionId) });
};
