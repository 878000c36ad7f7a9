import { describe, expect, it } from 'vitest';
import { bannerFor, serverNow } from './bannerModel';

const now = new Date('2025-03-10T12:00:00Z');

describe('bannerFor', () => {
  it('[ST-1] trial banner shows days left', () => {
    expect(bannerFor({ status: 'trial', trialEndsAt: '2025-03-24T12:00:00Z' }, now)).toEqual({ kind: 'trial', daysLeft: 14 });
    // Part of a day counts as a day left.
    expect(bannerFor({ status: 'trial', trialEndsAt: '2025-03-10T13:00:00Z' }, now)).toEqual({ kind: 'trial', daysLeft: 1 });
  });

  it('[ST-1] the server’s trialDaysLeft wins over any date arithmetic', () => {
    expect(bannerFor({ status: 'trial', trialEndsAt: '2025-03-24T12:00:00Z', trialDaysLeft: 3 }, now)).toEqual({ kind: 'trial', daysLeft: 3 });
    expect(bannerFor({ status: 'trial', trialEndsAt: '2025-03-24T12:00:00Z', trialDaysLeft: 0 }, now)).toEqual({ kind: 'trial_expired' });
    expect(bannerFor({ status: 'trial', trialDaysLeft: 2 }, null)).toEqual({ kind: 'trial', daysLeft: 2 });
  });

  it('[ST-1] without the server’s time or count, no trial banner (the browser’s clock is not asked)', () => {
    expect(bannerFor({ status: 'trial', trialEndsAt: '2099-01-01T00:00:00Z' }, null)).toBeNull();
    expect(serverNow('2025-03-10T12:00:00Z')).toEqual(now);
    expect(serverNow(undefined)).toBeNull();
    expect(serverNow('soon')).toBeNull();
  });

  it('[ST-1] banners for trial expired, inactive, waiting for payment', () => {
    expect(bannerFor({ status: 'trial', trialEndsAt: '2025-03-10T12:00:00Z' }, now)).toEqual({ kind: 'trial_expired' });
    expect(bannerFor({ status: 'trial', trialEndsAt: '2025-01-01T00:00:00Z' }, now)).toEqual({ kind: 'trial_expired' });
    expect(bannerFor({ status: 'inactive' }, now)).toEqual({ kind: 'inactive' });
    expect(bannerFor({ status: 'waiting_for_payment' }, now)).toEqual({ kind: 'waiting_for_payment' });
  });

  it('[ST-1] no banner for active or expiring subscriptions, or without data', () => {
    expect(bannerFor({ status: 'active' }, now)).toBeNull();
    expect(bannerFor({ status: 'expiring' }, now)).toBeNull();
    expect(bannerFor({ status: 'trial' }, now)).toBeNull();
    expect(bannerFor({ status: 'trial', trialEndsAt: 'not a date' }, now)).toBeNull();
    expect(bannerFor(undefined, now)).toBeNull();
    expect(bannerFor(null, now)).toBeNull();
  });
});
