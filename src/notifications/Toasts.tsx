import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { isToasterWanted, subscribeToasterWanted } from './toaster';

// Both lazy so neither notistack nor react-admin is in the login route's entry chunk
// (docs/performance.md): the toaster arrives with the first toast (no page pays for it before),
// the admin's part with the admin.
const ToasterHost = lazy(() => import('./ToasterHost'));
const LazyAdminNotification = lazy(() => import('./AdminNotification'));

/** The app's toaster (ST-5), see ToasterHost.tsx for its settings. */
export function ToastProvider({ children, dense = false }: { children?: ReactNode; dense?: boolean }) {
  const wanted = useSyncExternalStore(subscribeToasterWanted, isToasterWanted, isToasterWanted);
  return (
    <>
      {children}
      {wanted && (
        <Suspense fallback={null}>
          <ToasterHost dense={dense} />
        </Suspense>
      )}
    </>
  );
}

/** For `<Admin notification={AdminNotification}>`: react-admin's notices go to the same toaster. */
export function AdminNotification() {
  return (
    <Suspense fallback={null}>
      <LazyAdminNotification />
    </Suspense>
  );
}
