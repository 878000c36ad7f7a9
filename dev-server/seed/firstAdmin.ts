import { accountRows } from '../data/accounts';
import { userRows } from '../data/users';
import type { Store } from '../store/store';
import type { Account, User } from '../store/types';

/**
 * DEPLOY-1: the provider's first administrator (ROLE_ADMIN, every account) and the staff
 * account it belongs to, for `npm run create-admin`. A production database has no demo users.
 */

export interface FirstAdmin {
  email: string;
  name: string;
  accountName: string;
  passwordHash: string;
  now: Date;
}

/** The staff's own account: no subscription to sell, nothing to bill. */
const staffAccount = (id: number, name: string, now: Date): Account => ({
  id,
  name,
  date: now.toISOString(),
  stripeSubscriptionId: null,
  paymentMethod: null,
  parentAccountId: null,
  subscription: {
    status: 'active',
    subscriptionType: 'business',
    billingCycle: null,
    billingCycleEnds: null,
    trialEndsAt: null,
    lastSubscriptionDetailsChange: now.toISOString(),
    lastSubscriptionTypeChange: now.toISOString(),
    currentPricingVersion: 'v2',
    defaultDomainSettings: { scan_depth: 500, scan_frequency: 7 },
    domainSlots: 0,
    products: ['consent'],
    startDate: now.toISOString(),
    actions: 0,
    currency: 'EUR',
  },
});

/** Adds the administrator (into the staff account of that name, created if missing); refuses an email already in use. */
export const addFirstAdmin = (store: Store, admin: FirstAdmin): User => {
  const email = admin.email.toLowerCase();
  if (userRows(store).some((user) => user.email.toLowerCase() === email)) throw new Error(`A user with the email ${email} already exists.`);
  let account = accountRows(store).find((row) => row.name === admin.accountName);
  if (!account) {
    account = staffAccount(store.nextId('accounts'), admin.accountName, admin.now);
    accountRows(store).push(account);
  }
  const user: User = {
    id: store.nextId('users'),
    email,
    name: admin.name,
    phone: null,
    passwordHash: admin.passwordHash,
    roles: ['ROLE_ADMIN'],
    accountId: account.id,
    status: 'active',
    createdAt: admin.now.toISOString(),
    lastSeenAt: null,
  };
  userRows(store).push(user);
  store.write();
  return user;
};
