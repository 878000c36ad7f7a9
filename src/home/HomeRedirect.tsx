import { Navigate } from 'react-router-dom';
import { useGetList } from 'react-admin';
import { PendingIndicator } from '../components/PendingIndicator';

/** Where `/` sends a user, from the consent-solutions count (ROUTE-4). */
export const homePathFor = (result: { isError: boolean; total?: number; count?: number }): string =>
  // A failed call (e.g. before the collection exists) falls back to the list, which explains itself.
  !result.isError && (result.total ?? result.count) === 0 ? '/onboarding' : '/consent-solutions';

/** ROUTE-4: `/` goes to onboarding for an account without consent solutions, else to the list. */
export const HomeRedirect = () => {
  const { data, total, isPending, isError } = useGetList('consent-solutions', { pagination: { page: 1, perPage: 1 } }, { retry: false });
  if (isPending) return <PendingIndicator />;
  return <Navigate to={homePathFor({ isError, total, count: data?.length })} replace />;
};
