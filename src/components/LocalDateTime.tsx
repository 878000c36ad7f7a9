import { useTranslate } from 'react-admin';
import { formatDateTime, formatNumber, uiLocale } from '../i18n/formatters';

/**
 * A date and time in the UI language (PROD-5, I18N-4). Reads i18next's language rather than
 * react-admin's locale store, which is cheap in a table cell; `useTranslate` re-renders it when
 * the language changes.
 */
export const LocalDateTime = ({ value }: { value: string | null | undefined }) => {
  useTranslate();
  if (!value || Number.isNaN(Date.parse(value))) return null;
  return <time dateTime={value}>{formatDateTime(value)}</time>;
};

/** A count in the UI language (PROD-5): "12 345" in French, "12,345" in English. */
export const LocalNumber = ({ value }: { value: number | null | undefined }) => {
  useTranslate();
  if (typeof value !== 'number') return null;
  return <>{formatNumber(value, uiLocale())}</>;
};
