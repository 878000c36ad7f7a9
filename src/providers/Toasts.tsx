import { lazy, Suspense, type ReactNode } from 'react';
import { SnackbarProvider } from 'notistack';

/**
 * ST-5: at most 3 toasts, auto-hide after 5 s, top-centre, duplicates suppressed, 300 ms
 * transitions. notistack drops the oldest non-persistent toast when a 4th arrives, and its
 * default layout already is the spec's: 20px from the top, 6px between toasts (2px when
 * dense), 16px from the edges on small screens.
 */
export function ToastProvider({ children, dense = false }: { children: ReactNode; dense?: boolean }) {
  return (
    <SnackbarProvider
      maxSnack={3}
      autoHideDuration={5000}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      preventDuplicate
      dense={dense}
      transitionDuration={{ enter: 300, exit: 300 }}
    >
      {children}
    </SnackbarProvider>
  );
}

// Lazy so the entry chunk (which imports ToastProvider from here) does not pull in react-admin.
const LazyAdminNotification = lazy(() => import('./AdminNotification'));

/** For `<Admin notification={AdminNotification}>`: react-admin's notices go to the same toaster. */
export function AdminNotification() {
  return (
    <Suspense fallback={null}>
      <LazyAdminNotification />
    </Suspense>
  );
}
