import { shellEn } from './shell.en';

/**
 * The app's English catalogue (the fallback language). Flat keys of the spec, such as
 * `notification_logout_message`, stay flat; dotted keys such as `error.backend.*` nest.
 * react-admin's own `ra.*` messages are added by the admin's i18nProvider, not here, so the
 * auth screens do not ship them.
 */
export const en = {
  ...shellEn,
  notification_logout_message: 'You have been logged out.',
  notification_unauthorized_error: 'Your session has expired. Please log in again.',
};

export type AppMessages = typeof en;
