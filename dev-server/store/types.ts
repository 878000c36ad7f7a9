/** The rows the dev API persists. Dates are ISO strings (JSON has no date type). */

export type Role =
  | 'ROLE_USER'
  | 'ROLE_DEMO'
  | 'ROLE_UNIVERSAL_CONSENT_SOLUTIONS'
  | 'ROLE_CLIENT'
  | 'ROLE_AGENCY'
  | 'ROLE_ADMIN'
  | 'ROLE_USER_REGISTRARTION';

export type UserStatus = 'active' | 'pending' | 'disabled';

export interface User {
  id: number;
  email: string;
  name: string;
  phone: string | null;
  passwordHash: string;
  roles: Role[];
  accountId: number;
  status: UserStatus;
  createdAt: string;
  lastSeenAt: string | null;
}

export interface Subscription {
  status: 'trial' | 'active' | 'past_due' | 'canceled' | 'expired';
  subscriptionType: string;
  billingCycle: 'monthly' | 'yearly' | null;
  billingCycleEnds: string | null;
  trialEndsAt: string | null;
  lastSubscriptionDetailsChange: string | null;
  lastSubscriptionTypeChange: string | null;
  currentPricingVersion: string;
  defaultDomainSettings: { scan_depth: number; scan_frequency: number };
  domainSlots: number;
  products: string[];
  startDate: string;
  actions: number;
  currency: string;
}

export interface Account {
  id: number;
  name: string;
  date: string;
  stripeSubscriptionId: string | null;
  paymentMethod: string | null;
  /** Set on an agency's client accounts: the agency's account id. */
  parentAccountId: number | null;
  subscription: Subscription;
}

export interface PasswordToken {
  id: number;
  userId: number;
  purpose: 'reset' | 'activation';
  /** SHA-256 of the token in the emailed link; the token itself is never stored. */
  tokenHash: string;
  csrfToken: string;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
}

export interface Meta {
  /** HS256 key for session JWTs; generated at seed time, never sent to a client. */
  jwtSecret: string;
  seededAt: string;
}

export interface DbState {
  meta: Meta;
  accounts: Account[];
  users: User[];
  passwordTokens: PasswordToken[];
  /** Scoped collections registered later (consent solutions, domains…). */
  [collection: string]: unknown;
}

export interface Row {
  id: number;
}
