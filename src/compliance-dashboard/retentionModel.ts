import type { ConsentRetention } from '../schemas/consentRecord';

/** Whole years offered (a year counted as 365.25 days, so five years is the API's 1,826). */
const YEARS = [1, 2, 3, 5, 6, 10] as const;

interface RetentionChoice {
  days: number;
  /** Undefined for a period that is not a whole number of years (set through the API). */
  years?: number;
}

/** The periods to choose from, within the API's bounds, and the current one when it is not among them. */
export const retentionChoices = ({ days, defaultDays, minDays, maxDays }: ConsentRetention): RetentionChoice[] => {
  const choices: RetentionChoice[] = YEARS.map((years) => ({ years, days: Math.round(years * 365.25) })).filter((c) => c.days >= minDays && c.days <= maxDays);
  for (const extra of [defaultDays, days]) {
    if (!choices.some((c) => c.days === extra)) choices.push({ days: extra });
  }
  return choices.sort((a, b) => a.days - b.days);
};
