import { currentLanguage } from './i18n';

/**
 * PROD-5, I18N-4: dates and numbers follow the UI language, never only the browser's: a French UI
 * reads "23/11/2026 15:49". English is read the American way only by American readers (the
 * browser's first locale `en-US`); everyone else gets the unambiguous ISO-like "2026-11-23 15:49"
 * rather than guessing whether 11/23 is a month or a day.
 */
export const uiLocale = (): string => currentLanguage();

/** How a date is written: a locale's own way, or ISO-like. */
export type DateStyle = 'en-US' | 'fr-FR' | 'iso';

const browserLocales = (): readonly string[] => (typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]));

export const dateStyleFor = (language: string, locales: readonly string[] = browserLocales()): DateStyle => {
  if (language.toLowerCase().startsWith('fr')) return 'fr-FR';
  return locales[0]?.toLowerCase() === 'en-us' ? 'en-US' : 'iso';
};

export interface DateFormatOptions {
  language?: string;
  /** The reader's locales, first preferred (the browser's by default). */
  locales?: readonly string[];
  /** The time zone to write the time in (the reader's by default). */
  timeZone?: string;
}

const DAY: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };
const TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };

const isoLike = (date: Date, withTime: boolean, timeZone: string | undefined): string => {
  const parts = new Intl.DateTimeFormat('en-GB', { ...DAY, ...(withTime ? { ...TIME, hour: '2-digit', hourCycle: 'h23' } : {}), timeZone }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes): string => parts.find((p) => p.type === type)?.value ?? '';
  const day = `${part('year')}-${part('month')}-${part('day')}`;
  return withTime ? `${day} ${part('hour')}:${part('minute')}` : day;
};

const format = (value: string | number | Date, withTime: boolean, options: DateFormatOptions): string => {
  const date = new Date(value);
  const style = dateStyleFor(options.language ?? uiLocale(), options.locales);
  if (style === 'iso') return isoLike(date, withTime, options.timeZone);
  // French writes hours with two digits (05:28), Americans without (5:28 AM).
  const time: Intl.DateTimeFormatOptions = style === 'fr-FR' ? { ...TIME, hour: '2-digit' } : TIME;
  return new Intl.DateTimeFormat(style, { ...DAY, ...(withTime ? time : {}), timeZone: options.timeZone }).format(date);
};

/** A day: "11/28/2026" (en-US), "28/11/2026" (French), "2026-11-28" (other English readers). */
export const formatDate = (value: string | number | Date, options: DateFormatOptions = {}): string => format(value, false, options);

/** A day and time: "11/28/2026, 3:49 PM", "28/11/2026 15:49", "2026-11-28 15:49". */
export const formatDateTime = (value: string | number | Date, options: DateFormatOptions = {}): string => format(value, true, options);

export const formatNumber = (value: number, locale = uiLocale()): string => new Intl.NumberFormat(locale).format(value);
