import { hasTranslation, translate } from '../i18n/i18n';
import { showToast } from './toaster';

type NotifyType = 'success' | 'error' | 'info' | 'warning';

interface NotifyOptions {
  type?: NotifyType;
  /** Interpolation values of the message, e.g. `{ email }`. */
  messageArgs?: Record<string, unknown>;
  /** A persistent toast stays until closed and is never the one dropped for a 4th (ST-5). */
  persist?: boolean;
}

/**
 * Shows a toast from anywhere (providers, plain modules, components). A translation key is
 * translated; any other text is shown as given, so react-admin's already translated messages
 * and the API's English fallback texts pass through unchanged.
 */
export const notify = (messageKeyOrText: string, { type = 'info', messageArgs, persist }: NotifyOptions = {}): void => {
  const message = hasTranslation(messageKeyOrText) ? translate(messageKeyOrText, { ...messageArgs }) : messageKeyOrText;
  void showToast(message, { variant: type, persist });
};
