import { currentLanguage } from './i18n';

/**
 * PROD-5: dates and numbers follow the UI language, never the browser's: a French UI on an
 * American browser reads "23/11/2026 15:49", not "11/23/2026, 3:49:39 PM".
 */
export const uiLocale = (): string => currentLanguage();

export const formatDateTime = (value: string | number | Date, locale = uiLocale()): string =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(value));

export const formatNumber = (value: number, locale = uiLocale()): string => new Intl.NumberFormat(locale).format(value);
