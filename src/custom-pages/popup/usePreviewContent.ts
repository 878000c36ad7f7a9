import { useQuery } from '@tanstack/react-query';
import type { Identifier } from 'react-admin';
import { getPreviewContent } from './popupApi';

/** The solution's texts and cookie list for one language, as the preview renders them. */
export const usePreviewContent = (solutionId: Identifier, language: string | undefined) =>
  useQuery({
    queryKey: ['popup-content', String(solutionId), language ?? 'default'],
    // Without a language: the solution's default one.
    queryFn: () => getPreviewContent(solutionId, language ?? ''),
    staleTime: 30_000,
  });
