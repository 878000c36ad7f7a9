import { queryOptions } from '@tanstack/react-query';
import type { Identifier } from 'react-admin';
import type { AppDataProvider } from '../providers/dataProvider';
import { queryKeys } from '../providers/queryKeys';

/**
 * The reads of a consent solution that its detail's components make and that the detail's route
 * starts before them (usePrefetchSolutionReads): one key and one query function for both, so
 * what the route puts in the cache is what the components read.
 */
export const publishStatusQuery = (dataProvider: AppDataProvider, solutionId: Identifier) =>
  queryOptions({ queryKey: queryKeys.popup.publishStatus(solutionId), queryFn: () => dataProvider.getPublishStatus(solutionId) });

export const tcfStateQuery = (dataProvider: AppDataProvider, solutionId: Identifier) =>
  queryOptions({ queryKey: queryKeys.tcf.state(solutionId), queryFn: () => dataProvider.getTcfState(solutionId) });
