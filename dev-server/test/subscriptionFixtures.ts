import { login } from './http';
import { devHeaders, type TestServer } from './startTestServer';
import { newClaim, provedClaim } from '../data/domainVerification';

/** Shared inputs for the subscription, billing and payment API tests. */

/** A French business: no VAT number needed (the seller's own country). */
export const VALID_BILLING = {
  companyName: 'Demo Shop SAS',
  invoiceEmail: 'billing@demo-shop.fr',
  addressLine1: '1 rue de Rivoli',
  postalCode: '75001',
  city: 'Paris',
  country: 'FR',
  phonePrefix: '+33',
  phoneNumber: '6 12 34 56 78',
};

export const card = (cardNumber: string, cvc = '123') => ({ cardNumber, expiry: '12/34', cvc });

export const SUCCESS_CARD = '4242 4242 4242 4242';
export const DECLINED_CARD = '4000 0000 0000 0002';
export const INSUFFICIENT_FUNDS_CARD = '4000 0000 0000 9995';
export const PROCESSING_ERROR_CARD = '4000 0000 0000 0119';
export const RENEWAL_DECLINED_CARD = '4000 0000 0000 0341';

export const subscribeBody = (overrides: Record<string, unknown> = {}) => ({
  plan: 'essential',
  interval: 'month',
  // The seeded trial account has fewer public domains than this (its domainSlots).
  domainsCount: 20,
  billing: VALID_BILLING,
  payment: card(SUCCESS_CARD),
  ...overrides,
});

export const api = (server: TestServer) => {
  const call = async (method: string, path: string, cookie: string, body?: unknown): Promise<Response> =>
    fetch(`${server.baseUrl}${path}`, {
      method,
      headers: { cookie, ...devHeaders(), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  return {
    call,
    get: (path: string, cookie: string) => call('GET', path, cookie),
    post: (path: string, cookie: string, body: unknown) => call('POST', path, cookie, body),
    patch: (path: string, cookie: string, body: unknown) => call('PATCH', path, cookie, body),
    del: (path: string, cookie: string) => call('DELETE', path, cookie),
    /** Moves the server clock; sessions last 8 h, so callers log in again afterwards. */
    advanceDays: async (days: number): Promise<void> => {
      const res = await call('POST', '/dev/clock', '', { advanceDays: days });
      if (res.status !== 200) throw new Error(`clock: ${res.status} ${await res.text()}`);
    },
    login: (email: string) => login(server.baseUrl, email),
  };
};

/** The domains of an account replaced by `domains` (the test owns the pricing inputs), verified since only those are billed (DEPLOY-4). */
export const setDomains = (
  server: TestServer,
  accountId: number,
  domains: Array<{ canonicalDomain: string; type: string; scanDepth: number; scanFrequency: number }>,
): void => {
  const state = server.store.state();
  const kept = server.store.rows<{ id: number; accountId: number }>('domains').filter((d) => d.accountId !== accountId);
  const nextId = kept.reduce((max, d) => Math.max(max, d.id), 0) + 1;
  const now = new Date();
  const verification = provedClaim(newClaim(now), 'dns', now);
  state.domains = [...kept, ...domains.map((d, index) => ({ id: nextId + index, accountId, consentSolutionId: 0, status: 'active', verification, ...d }))];
  server.store.write();
};
