import { QueryClient } from '@tanstack/react-query';

/** ST-7: unused data kept 5 minutes, and data considered fresh as long. */
export const QUERY_CACHE_MS = 5 * 60 * 1000;

/** The admin's query client. API-1: queries are not retried. */
export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { retry: false, gcTime: QUERY_CACHE_MS, staleTime: QUERY_CACHE_MS },
    },
  });
