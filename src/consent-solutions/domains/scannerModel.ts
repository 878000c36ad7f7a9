import type { JobStatus } from '../../schemas/scanner';

/** Whether a scan or health check still waits or runs. */
export const isActive = (job: { status: JobStatus } | null | undefined): boolean => job?.status === 'queued' || job?.status === 'running';

/** Polls every 2 s while a job of the list runs or waits, otherwise not at all. */
export const pollWhileActive = (jobs: readonly { status: JobStatus }[] | undefined): number | false => (jobs?.some(isActive) ? 2_000 : false);
