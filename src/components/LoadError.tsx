import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import { Loading, useTranslate } from 'react-admin';
import { EmptyState } from './EmptyState';
import { NotFound } from './NotFound';

/** The HTTP status of a failed read as the httpClient rejects it (0: no answer at all). */
export const statusOf = (error: unknown): number | undefined => {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
};

/**
 * A screen whose data could not be read says so, and why, with a way to try again: never an
 * empty list or an empty page that reads as "you have nothing here".
 */
export const LoadError = ({ error, onRetry }: { error: unknown; onRetry: () => void }) => {
  const translate = useTranslate();
  const unreachable = statusOf(error) === 0;
  return (
    <EmptyState
      icon="error"
      heading={unreachable ? 'load_error.unreachable_heading' : 'load_error.failed_heading'}
      description={unreachable ? 'load_error.description' : 'load_error.failed_description'}
      action={
        <Button variant="contained" onClick={onRetry}>
          {translate('load_error.retry')}
        </Button>
      }
    />
  );
};

/**
 * For an edit or show controller: keeps a failed read on the page, where RecordLoadState says
 * what happened, instead of react-admin's default ("Element does not exist" and a redirect to
 * the list, which then looks empty or unrelated).
 */
export const STAY_ON_FAILED_READ = { onError: () => undefined };

interface RecordLoadStateProps {
  isPending: boolean;
  error: unknown;
  refetch: () => unknown;
  children: ReactNode;
}

/** The record's content once read; while reading, a spinner; a missing one (404), Not Found; else the reason and a retry. */
export const RecordLoadState = ({ isPending, error, refetch, children }: RecordLoadStateProps) => {
  if (isPending && !error) return <Loading />;
  if (statusOf(error) === 404) return <NotFound />;
  if (error) return <LoadError error={error} onRetry={() => void refetch()} />;
  return <>{children}</>;
};
