import { describe, expect, it } from 'vitest';
import { dateStyleFor, formatDate, formatDateTime } from './formatters';

const AT = '2026-11-28T15:49:39Z';
const utc = (language: string, locales: string[]) => ({ language, locales, timeZone: 'UTC' });
// ICU writes a narrow no-break space before AM/PM; readers see a space.
const plain = (text: string) => text.replace(/\u202f/g, ' ');

describe('dates', () => {
  it('[I18N-4] English for an American reader is written the US way', () => {
    expect(formatDate(AT, utc('en', ['en-US', 'en']))).toBe('11/28/2026');
    expect(plain(formatDateTime(AT, utc('en', ['en-US'])))).toBe('11/28/2026, 3:49 PM');
  });

  it('[I18N-4] English for every other reader is ISO-like, whatever their region', () => {
    for (const locales of [['en-GB'], ['en'], ['de-DE', 'en-US'], ['fr-FR'], []]) {
      expect(formatDate(AT, utc('en', locales)), locales.join()).toBe('2026-11-28');
      expect(formatDateTime(AT, utc('en', locales)), locales.join()).toBe('2026-11-28 15:49');
    }
    expect(formatDateTime('2026-01-05T08:03:00Z', utc('en', ['en-IE']))).toBe('2026-01-05 08:03');
  });

  it('[I18N-4] French is written the French way, even on an American browser', () => {
    expect(formatDate(AT, utc('fr', ['en-US']))).toBe('28/11/2026');
    expect(formatDateTime(AT, utc('fr', ['en-US']))).toBe('28/11/2026 15:49');
    expect(formatDateTime('2026-09-29T05:28:00Z', utc('fr', ['fr-FR']))).toBe('29/09/2026 05:28');
    expect(plain(formatDateTime('2026-09-29T05:28:00Z', utc('en', ['en-US'])))).toBe('09/29/2026, 5:28 AM');
    expect(dateStyleFor('fr', ['fr-CA'])).toBe('fr-FR');
  });

  it('[I18N-4] the time is the reader’s own: the same instant in another zone', () => {
    expect(formatDateTime(AT, { language: 'en', locales: ['en-GB'], timeZone: 'Europe/Paris' })).toBe('2026-11-28 16:49');
    expect(formatDate('2026-11-28T23:30:00Z', { language: 'fr', locales: [], timeZone: 'Asia/Tokyo' })).toBe('29/11/2026');
  });
});
