import { QueryClient, notifyManager, timeoutManager } from '@tanstack/react-query';
import { coalescedScheduler, createCoalescedTimeoutProvider } from './coalescedTimers';

/** ST-7: unused data kept 5 minutes, and data considered fresh as long. */
const QUERY_CACHE_MS = 5 * 60 * 1000;

// react-query asks for these before any client or query exists; set once for the app (docs/performance.md).
timeoutManager.setTimeoutProvider(createCoalescedTimeoutProvider());
notifyManager.setScheduler(coalescedScheduler);

/** The admin's query client. API-1: queries are not retried. */
export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { retry: false, gcTime: QUERY_CACHE_MS, staleTime: QUERY_CACHE_MS },
    },
  });
