import type { DomainStatus } from '../../schemas/domain';

/** The status chip's look; its own module so the list's chips load no domain schema (docs/performance.md). */
export const domainStatusVariant = (status: DomainStatus): 'success' | 'pending' | 'error' =>
  status === 'active' ? 'success' : status === 'error' ? 'error' : 'pending';
