import { formatCents } from '../../shared/pricing';

/** Dates of the billing pages: day, month and year in the UI language ("28 November 2026"). */
export const formatDay = (iso: string, locale: string): string => new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(iso));

export const formatMoney = (cents: number, currency: string, locale: string): string => formatCents(cents, currency, locale);
