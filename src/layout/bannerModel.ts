/**
 * The part of an account's subscription the navigation banners read (ST-1): `status`,
 * `trialDaysLeft` (the server's count) and `trialEndsAt` (ISO date-time). Typed loosely because
 * it is the API's answer, checked here.
 */
type BannerSubscription = Record<string, unknown>;

export type Banner = { kind: 'trial'; daysLeft: number } | { kind: 'trial_expired' } | { kind: 'inactive' } | { kind: 'waiting_for_payment' };

const DAY_MS = 24 * 60 * 60 * 1000;

/** How often a tab left open reads the account again, so the banner follows the server's days. */
export const BANNER_REFRESH_MS = 5 * 60 * 1000;

/** The API's `now` (ISO), or null when it did not say: the browser's clock is never the reference. */
export const serverNow = (value: unknown): Date | null => {
  const time = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  return Number.isNaN(time) ? null : new Date(time);
};

const trialBanner = (daysLeft: number): Banner => (daysLeft > 0 ? { kind: 'trial', daysLeft } : { kind: 'trial_expired' });

/**
 * ST-1: which banner the navigation shows for a subscription, or null for none. The server is
 * the clock: its `trialDaysLeft` when it sends one, else the days from `trialEndsAt` to the
 * server's `now`. Days left round up, so a trial ending later today still reads "1 day left".
 */
export const bannerFor = (subscription: BannerSubscription | null | undefined, now: Date | null): Banner | null => {
  switch (subscription?.status) {
    case 'trial': {
      if (typeof subscription.trialDaysLeft === 'number') return trialBanner(subscription.trialDaysLeft);
      const endsAt = typeof subscription.trialEndsAt === 'string' ? Date.parse(subscription.trialEndsAt) : Number.NaN;
      // A trial without a readable end date or a server time cannot be counted down; say nothing rather than guess.
      if (Number.isNaN(endsAt) || now === null) return null;
      const remaining = endsAt - now.getTime();
      return remaining > 0 ? trialBanner(Math.ceil(remaining / DAY_MS)) : { kind: 'trial_expired' };
    }
    case 'inactive':
      return { kind: 'inactive' };
    case 'waiting_for_payment':
      return { kind: 'waiting_for_payment' };
    default:
      return null;
  }
};
