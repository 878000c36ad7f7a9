import type { Coupon } from '../store/types';
import { DAY_MS } from '../time/clock';

/** The seeded coupons (docs/api.md, Subscriptions). */
export const buildCoupons = (now: Date): Coupon[] => [
  { id: 1, code: 'WELCOME20', percentOff: 20, validUntil: null },
  { id: 2, code: 'EXPIRED10', percentOff: 10, validUntil: new Date(now.getTime() - DAY_MS).toISOString() },
];
