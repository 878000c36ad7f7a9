import { useQuery } from '@tanstack/react-query';
import { useDataProvider, type Identifier } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import { queryKeys } from '../../providers/queryKeys';

/** The solution's texts and cookie list for one language (default: the solution's), as the preview renders them. */
export const usePreviewContent = (solutionId: Identifier, language: string | undefined) => {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({
    queryKey: queryKeys.popup.content(solutionId, language),
    queryFn: () => dataProvider.getPopupPreviewContent(solutionId, language),
    staleTime: 30_000,
  });
};
