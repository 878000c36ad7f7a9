/**
 * The part of an account's subscription the navigation banners read (ST-1): `status` and
 * `trialEndsAt` (ISO date-time). Typed loosely because it is the API's answer, checked here.
 */
export type BannerSubscription = Record<string, unknown>;

export type Banner =
  | { kind: 'trial'; daysLeft: number }
  | { kind: 'trial_expired' }
  | { kind: 'inactive' }
  | { kind: 'waiting_for_payment' };

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * ST-1: which banner the navigation shows for a subscription at `now`, or null for none.
 * Days left round up, so a trial ending later today still reads "1 day left".
 */
export const bannerFor = (subscription: BannerSubscription | null | undefined, now: Date): Banner | null => {
  switch (subscription?.status) {
    case 'trial': {
      const endsAt = typeof subscription.trialEndsAt === 'string' ? Date.parse(subscription.trialEndsAt) : Number.NaN;
      // A trial without a readable end date cannot be counted down; say nothing rather than guess.
      if (Number.isNaN(endsAt)) return null;
      const remaining = endsAt - now.getTime();
      return remaining > 0 ? { kind: 'trial', daysLeft: Math.ceil(remaining / DAY_MS) } : { kind: 'trial_expired' };
    }
    case 'inactive':
      return { kind: 'inactive' };
    case 'waiting_for_payment':
      return { kind: 'waiting_for_payment' };
    default:
      return null;
  }
};
