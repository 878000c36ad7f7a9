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

let wanted = false;
const wantedListeners = new Set<() => void>();

/** Whether a toast was asked for: Toasts.tsx mounts notistack only then (docs/performance.md). */
export const isToasterWanted = (): boolean => wanted;

export const subscribeToasterWanted = (listener: () => void): (() => void) => {
  wantedListeners.add(listener);
  return () => wantedListeners.delete(listener);
};

const want = (): void => {
  if (wanted) return;
  wanted = true;
  for (const listener of wantedListeners) listener();
};

/**
 * Shows a toast as soon as the toaster is there. notistack is loaded with the first toast
 * (Toasts.tsx), so that toast waits a moment instead of being lost.
 */
export const showToast = (message: SnackbarMessage, options: OptionsObject = {}): Promise<SnackbarKey> => {
  want();
  return ready.then((toaster) => toaster.enqueue(message, options));
};

export const closeToast = (key?: SnackbarKey): void => {
  void ready.then((toaster) => toaster.close(key));
};
