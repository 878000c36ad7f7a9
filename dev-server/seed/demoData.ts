import type { Account, Role, Subscription, User, UserStatus } from '../store/types';

export const DEMO_PASSWORD = 'Demo-Password-2026';

const DAY_MS = 24 * 60 * 60 * 1000;

interface DemoLogin {
  email: string;
  password: string;
  roles: Role[];
  accountName: string;
  status: UserStatus;
  /** What this login demonstrates (printed by the CLI). */
  note: string;
}

interface SeedUser {
  email: string;
  name: string;
  phone: string | null;
  roles: Role[];
  account: string;
  status: UserStatus;
  note: string;
}

const SEED_USERS: SeedUser[] = [
  {
    email: 'owner@demo.test',
    name: 'Olivia Owner',
    phone: '+33 1 23 45 67 89',
    roles: ['ROLE_USER'],
    account: 'Demo Shop',
    status: 'active',
    note: 'account owner (trial)',
  },
  { email: 'other@demo.test', name: 'Oscar Other', phone: null, roles: ['ROLE_USER'], account: 'Other Company', status: 'active', note: 'unrelated account' },
  { email: 'demo@demo.test', name: 'Dana Demo', phone: null, roles: ['ROLE_DEMO'], account: 'Demo Read-only', status: 'active', note: 'read-only demo' },
  {
    email: 'agency@demo.test',
    name: 'Alex Agency',
    phone: '+33 6 12 34 56 78',
    roles: ['ROLE_AGENCY'],
    account: 'Pixel Agency',
    status: 'active',
    note: 'agency with two clients',
  },
  {
    email: 'client@demo.test',
    name: 'Chloe Client',
    phone: null,
    roles: ['ROLE_CLIENT'],
    account: 'Client Bakery',
    status: 'active',
    note: 'client of Pixel Agency',
  },
  {
    email: 'admin@demo.test',
    name: 'Adam Admin',
    phone: null,
    roles: ['ROLE_ADMIN'],
    account: 'Operations',
    status: 'active',
    note: 'administrator (every account)',
  },
  { email: 'pending@demo.test', name: 'Paula Pending', phone: null, roles: ['ROLE_USER'], account: 'Demo Shop', status: 'pending', note: 'not activated yet' },
  { email: 'disabled@demo.test', name: 'Dirk Disabled', phone: null, roles: ['ROLE_USER'], account: 'Demo Shop', status: 'disabled', note: 'disabled' },
];

export const demoLogins: DemoLogin[] = SEED_USERS.map((u) => ({
  email: u.email,
  password: DEMO_PASSWORD,
  roles: u.roles,
  accountName: u.account,
  status: u.status,
  note: u.note,
}));

const baseSubscription = (now: Date): Subscription => ({
  status: 'active',
  subscriptionType: 'business',
  billingCycle: 'monthly',
  billingCycleEnds: new Date(now.getTime() + 20 * DAY_MS).toISOString(),
  trialEndsAt: null,
  lastSubscriptionDetailsChange: new Date(now.getTime() - 60 * DAY_MS).toISOString(),
  lastSubscriptionTypeChange: new Date(now.getTime() - 60 * DAY_MS).toISOString(),
  currentPricingVersion: 'v2',
  defaultDomainSettings: { scan_depth: 500, scan_frequency: 7 },
  domainSlots: 10,
  products: ['consent'],
  startDate: new Date(now.getTime() - 90 * DAY_MS).toISOString(),
  actions: 100000,
  currency: 'EUR',
});

const account = (id: number, name: string, now: Date, overrides: Partial<Account> = {}): Account => ({
  id,
  name,
  date: new Date(now.getTime() - 90 * DAY_MS).toISOString(),
  stripeSubscriptionId: `sub_demo_${id}`,
  paymentMethod: 'stripe',
  parentAccountId: null,
  subscription: baseSubscription(now),
  ...overrides,
});

/** The read-only demo login's account (ROLE-4). */
export const READ_ONLY_DEMO_ACCOUNT = 3;

/** The demo accounts; ids are stable so tests and docs can name them. */
export const buildAccounts = (now: Date): Account[] => [
  account(1, 'Demo Shop', now, {
    date: now.toISOString(),
    stripeSubscriptionId: null,
    subscription: {
      status: 'trial',
      subscriptionType: 'trial',
      billingCycle: null,
      billingCycleEnds: null,
      trialEndsAt: new Date(now.getTime() + 14 * DAY_MS).toISOString(),
      lastSubscriptionDetailsChange: now.toISOString(),
      lastSubscriptionTypeChange: now.toISOString(),
      currentPricingVersion: 'v2',
      defaultDomainSettings: { scan_depth: 500, scan_frequency: 7 },
      domainSlots: 20,
      products: ['consent'],
      startDate: now.toISOString(),
      actions: 25000,
      currency: 'EUR',
    },
  }),
  account(2, 'Other Company', now),
  account(READ_ONLY_DEMO_ACCOUNT, 'Demo Read-only', now),
  account(4, 'Pixel Agency', now, { subscription: { ...baseSubscription(now), subscriptionType: 'agency', domainSlots: 50 } }),
  account(5, 'Client Bakery', now, { parentAccountId: 4 }),
  account(6, 'Client Garage', now, { parentAccountId: 4 }),
  account(7, 'Operations', now, { stripeSubscriptionId: null, paymentMethod: null }),
];

export const buildUsers = (accounts: Account[], passwordHash: string, now: Date): User[] =>
  SEED_USERS.map((u, index) => {
    const owner = accounts.find((a) => a.name === u.account);
    if (!owner) throw new Error(`Seed user ${u.email} names unknown account ${u.account}`);
    return {
      id: index + 1,
      email: u.email,
      name: u.name,
      phone: u.phone,
      passwordHash,
      roles: u.roles,
      accountId: owner.id,
      status: u.status,
      createdAt: now.toISOString(),
      lastSeenAt: null,
    };
  });
