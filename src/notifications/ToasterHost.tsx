import { useEffect } from 'react';
import { closeSnackbar, enqueueSnackbar, SnackbarProvider } from 'notistack';
import { setToaster } from './toaster';

/**
 * ST-5: at most 3 toasts, auto-hide after 5 s, top-centre, duplicates suppressed, 300 ms
 * transitions. notistack drops the oldest non-persistent toast when a 4th arrives, and its
 * default layout already is the spec's: 20px from the top, 6px between toasts (2px when
 * dense), 16px from the edges on small screens. Rendered beside the app, not around it:
 * toasts go through notistack's global functions (toaster.ts), not its context.
 */
export default function ToasterHost({ dense = false }: { dense?: boolean }) {
  useEffect(() => {
    setToaster({ enqueue: enqueueSnackbar, close: closeSnackbar });
  }, []);
  return (
    <SnackbarProvider
      maxSnack={3}
      autoHideDuration={5000}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      preventDuplicate
      dense={dense}
      transitionDuration={{ enter: 300, exit: 300 }}
    />
  );
}
