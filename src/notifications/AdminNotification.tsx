import { useEffect } from 'react';
import Button from '@mui/material/Button';
import type { SnackbarKey } from 'notistack';
import { useNotificationContext, useTakeUndoableMutation, useTranslate } from 'ra-core';
import { ALREADY_NOTIFIED } from './alreadyNotified';
import { closeToast, showToast } from './toaster';

/**
 * react-admin's notifications, shown by the app's toaster (ST-5) instead of react-admin's
 * single MUI Snackbar. Undoable mutations keep working: closing the toast commits, the Undo
 * button cancels. Errors httpClient already showed are not shown twice. Loaded lazily by
 * Toasts.tsx.
 */
export default function AdminNotification() {
  const { notifications, takeNotification } = useNotificationContext();
  const takeMutation = useTakeUndoableMutation();
  const translate = useTranslate();

  useEffect(() => {
    // One per run: takeNotification() removes the first entry through a state update, so
    // within one run it would keep answering the same notification. The effect runs again
    // when the list changes, until it is empty.
    if (notifications.length === 0) return;
    const notification = takeNotification();
    if (!notification) return;
    const { message, type, notificationOptions = {} } = notification;
    // httpClient already showed one toast per problem (ERR-4).
    if (message === ALREADY_NOTIFIED) return;
    const { autoHideDuration, messageArgs, undoable } = notificationOptions;
    const text = typeof message === 'string' ? translate(message, messageArgs) : message;
    let undone = false;
    const onUndo = (key: SnackbarKey) => {
      undone = true;
      takeMutation()?.({ isUndo: true });
      closeToast(key);
    };
    void showToast(text, {
      variant: type,
      // null means "stay until closed" for react-admin; undefined keeps the toaster default.
      ...(autoHideDuration === null ? { persist: true } : autoHideDuration === undefined ? {} : { autoHideDuration }),
      action: undoable
        ? (key) => (
            <Button color="inherit" size="small" onClick={() => onUndo(key)}>
              {translate('ra.action.undo')}
            </Button>
          )
        : undefined,
      onExited: undoable
        ? () => {
            if (!undone) takeMutation()?.({ isUndo: false });
          }
        : undefined,
    });
  }, [notifications, takeNotification, takeMutation, translate]);

  return null;
}
