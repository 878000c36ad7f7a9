import { describe, expect, it } from 'vitest';
import { relativeTime } from './lastSeen';

const now = Date.parse('2026-03-10T12:00:00Z');

describe('relativeTime', () => {
  it('[ENT-4] shows last seen relative to now, in the language', () => {
    expect(relativeTime('2026-03-07T12:00:00Z', 'en', now)).toBe('3 days ago');
    expect(relativeTime('2026-03-10T11:59:30Z', 'en', now)).toBe('this minute');
    expect(relativeTime('2026-03-10T09:00:00Z', 'en', now)).toBe('3 hours ago');
    expect(relativeTime('2026-03-07T12:00:00Z', 'fr', now)).toBe('il y a 3 jours');
  });
});
