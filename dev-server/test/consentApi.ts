import type { DomainVerification } from '../../src/shared/domainVerification';
import { login } from './http';

/** Fetch helpers for the consent-solution, domain and pricing tests. */

export interface CallResult<T = unknown> {
  status: number;
  total: number | null;
  body: T;
}

export type Call = <T = unknown>(method: string, path: string, body?: unknown, contentType?: string) => Promise<CallResult<T>>;

/**
 * A caller bound to one session; JSON in, JSON out (204 gives a null body). With
 * `actingAccountId`, every call acts on that account (`X-Account-Id`, ROLE_ADMIN/ROLE_AGENCY).
 */
export const caller = async (baseUrl: string, email: string, actingAccountId?: number): Promise<Call> => {
  const cookie = await login(baseUrl, email);
  const acting: Record<string, string> = actingAccountId === undefined ? {} : { 'x-account-id': String(actingAccountId) };
  return async <T>(method: string, path: string, body?: unknown, contentType = 'application/json') => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { cookie, ...acting, ...(body === undefined ? {} : { 'content-type': contentType }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    const total = res.headers.get('x-total-count');
    return { status: res.status, total: total === null ? null : Number(total), body: (text === '' ? null : JSON.parse(text)) as T };
  };
};

interface ViolationsBody {
  violations: { propertyPath: string; message: string; payload: { messageKey: string } }[];
}

/** `[propertyPath, messageKey]` pairs, the part of a violation the tests compare. */
export const pairs = (body: unknown): [string, string][] => (body as ViolationsBody).violations.map((v) => [v.propertyPath, v.payload.messageKey]);

export interface ConsentSolutionJson {
  id: number;
  accountId: number;
  name: string;
  defaultLanguage: string;
  additionalLanguages: string[];
  sharedConsent: boolean;
  autoblocking: boolean;
  consentVersion: number;
  consentVersionAt: string;
  createdAt: string;
  updatedAt: string;
  domains: { id: number; canonicalDomain: string; type: string; status: string }[];
}

export interface DomainJson {
  id: number;
  accountId: number;
  consentSolutionId: number;
  canonicalDomain: string;
  type: string;
  defaultLanguage: string;
  scanDepth: number;
  scanFrequency: number;
  status: string;
  createdAt: string;
  createdBy: string;
  updatedAt: string;
  lastScanAt: string | null;
  cookiesFound: number;
  verification: DomainVerification;
}

/** A valid create-form body; override what the test is about. */
export const createBody = (canonicalDomain: string, domain: Record<string, unknown> = {}, rest: Record<string, unknown> = {}) => ({
  defaultLanguage: 'en',
  additionalLanguages: ['fr'],
  domain: { canonicalDomain, type: 'website', scanDepth: 500, scanFrequency: 7, ...domain },
  ...rest,
});

/** A valid cookie of `consentSolutionId` named `name`; `extra` adds or overrides fields. */
export const cookieCreateBody = (consentSolutionId: number, name: string, extra: Record<string, unknown> = {}) => ({
  consentSolutionId,
  name,
  domain: 'shop.example.com',
  category: 'necessary',
  purpose: {},
  expiryDays: null,
  dataProcessor: null,
  ...extra,
});

// Seed ids (seed/consentSolutionsData.ts): Demo Shop (account 1) owns solutions 1-3 and
// domains 1-7, Other Company (2) solution 4 with domain 8, Client Bakery (5) solution 5.
export const SEED = {
  demoShopSolutions: 3,
  demoShopDomains: 7,
  otherSolution: 4,
  otherDomain: 8,
} as const;
