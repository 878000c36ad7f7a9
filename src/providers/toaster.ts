import type { closeSnackbar, enqueueSnackbar, OptionsObject, SnackbarKey, SnackbarMessage } from 'notistack';

interface Toaster {
  enqueue: typeof enqueueSnackbar;
  close: typeof closeSnackbar;
}

let markReady: (toaster: Toaster) => void = () => undefined;
const ready = new Promise<Toaster>((resolve) => {
  markReady = resolve;
});

/** Called once by ToasterHost when notistack's provider is mounted. */
export const setToaster = (toaster: Toaster): void => markReady(toaster);

/**
 * Shows a toast as soon as the toaster is there. notistack is loaded after the first paint
 * (Toasts.tsx), so a toast asked for earlier waits a moment instead of being lost.
 */
export const showToast = (message: SnackbarMessage, options: OptionsObject = {}): Promise<SnackbarKey> =>
  ready.then((toaster) => toaster.enqueue(message, options));

export const closeToast = (key?: SnackbarKey): void => {
  void ready.then((toaster) => toaster.close(key));
};
