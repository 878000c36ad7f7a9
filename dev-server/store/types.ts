/** The rows the dev API persists. Dates are ISO strings (JSON has no date type). */

import type { ConsentSolutionRecord } from '../../src/schemas/consentSolution';
import type { DomainRecord, DomainStatus } from '../../src/schemas/domain';
import type { StoredDomainVerification } from '../../src/shared/domainVerification';
import type { LanguageCode } from '../../src/shared/languages';
import type { Cookie } from '../../src/schemas/cookie';
import type { StoredTexts } from '../../src/schemas/translations';

export type Role = 'ROLE_USER' | 'ROLE_DEMO' | 'ROLE_UNIVERSAL_CONSENT_SOLUTIONS' | 'ROLE_CLIENT' | 'ROLE_AGENCY' | 'ROLE_ADMIN' | 'ROLE_USER_REGISTRARTION';

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
  /** SEC-1: the last id given per collection; ids are never given twice, across restarts. */
  sequences: Record<string, number>;
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

/** Stored in collection `coupons` (PROD-4): a code for a percentage off a subscription's net amount. */
export interface Coupon extends Row {
  code: string;
  /** Whole percent off the net amount, 1-100. */
  percentOff: number;
  /** ISO date-time after which the code is refused; null for no end. */
  validUntil: string | null;
}

/**
 * A stored domain may also carry a switched-off status the domain rules know (`inactive`,
 * `disabled`, `deleted`); no route sets one yet.
 */
export type { DomainStatus };
export type StoredDomainStatus = DomainStatus | 'inactive' | 'disabled' | 'deleted';

/** Stored in collection `domains`; `consentSolutionId` follows json-server's `<name>Id` convention. */
export interface DomainRow extends Omit<DomainRecord, 'status' | 'verification' | 'createdBy'> {
  status: StoredDomainStatus;
  createdBy: string;
  /** DEPLOY-4: the claim and its proof (dev-server/data/domainVerification.ts). */
  verification: StoredDomainVerification;
}

/** The read-only summary a consent solution carries of its domains (server-maintained). */
export type DomainSummary = Pick<DomainRow, 'id' | 'canonicalDomain' | 'type' | 'status'>;

/** Stored in collection `consentSolutions` (ENT-2): the shape the API answers. */
export interface ConsentSolutionRow extends Omit<ConsentSolutionRecord, 'domains'> {
  domains: DomainSummary[];
}

/**
 * Stored in collection `translations` (ENT-3): the texts of one consent solution in one
 * language. Texts may be missing (a newly added language, a partial import); the completeness
 * matrix counts them.
 */
export interface TranslationRow {
  id: number;
  accountId: number;
  consentSolutionId: number;
  language: LanguageCode;
  texts: StoredTexts;
  /**
   * I18N-2: the keys (`popup.bannerHeading`) whose text is the product's default, not the
   * customer's own (absent on rows stored before the marks: the start-up migration adds them).
   */
  defaultKeys?: string[];
  updatedAt: string;
}

/** Stored in collection `cookies` (ENT-7). */
export type CookieRow = Cookie;
