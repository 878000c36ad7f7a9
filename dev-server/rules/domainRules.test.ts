import { describe, expect, it } from 'vitest';
import {
  checkDomainCreation,
  consentSolutionWithActiveDomainsRemoval,
  duplicateCanonicalDomain,
  immutableDomainFields,
  isActiveDomain,
  lastPublicDomainRemoval,
  rootDomainOf,
  rootDomainOfOtherAccount,
  type DomainRecord,
  type DomainRulesView,
} from './domainRules';
import { domainRuleMessages } from '../../src/schemas/domain';
import { isViolationBody } from '../../src/shared/violations';

const domain = (id: number, accountId: number, consentSolutionId: number, canonicalDomain: string, extra: Partial<DomainRecord> = {}): DomainRecord => ({
  id,
  accountId,
  consentSolutionId,
  canonicalDomain,
  type: 'website',
  ...extra,
});

// Account 1: solutions 10 and 11. Account 2: solution 20.
const view: DomainRulesView = {
  consentSolutions: [
    { id: 10, accountId: 1 },
    { id: 11, accountId: 1 },
    { id: 20, accountId: 2 },
  ],
  domains: [
    domain(100, 1, 10, 'example.co.uk'),
    domain(101, 1, 10, 'staging.example.co.uk', { type: 'internal_alias' }),
    domain(110, 1, 11, 'shop.example.com'),
    domain(200, 2, 20, 'other.org'),
    domain(201, 2, 20, 'alice.github.io'),
    domain(202, 2, 20, 'gone.net', { status: 'deleted' }),
  ],
};

const keys = (violations: Array<{ payload: { messageKey: string } }>) => violations.map((violation) => violation.payload.messageKey);

describe('violation format', () => {
  it('[ENT-8] rules answer violations with propertyPath, English message and messageKey', () => {
    const violations = duplicateCanonicalDomain(view, { accountId: 1, canonicalDomain: 'other.org' });
    expect(isViolationBody({ violations })).toBe(true);
    expect(violations).toEqual([
      {
        propertyPath: 'canonicalDomain',
        message: domainRuleMessages['error.backend.domain_already_exists'],
        payload: { messageKey: 'error.backend.domain_already_exists' },
      },
    ]);
  });
});

describe('creating a domain', () => {
  it('[ERR-2] refuses a duplicate canonical domain, in any account', () => {
    expect(keys(duplicateCanonicalDomain(view, { accountId: 1, canonicalDomain: 'example.co.uk' }))).toEqual(['error.backend.domain_already_exists']);
    expect(keys(duplicateCanonicalDomain(view, { accountId: 1, canonicalDomain: 'other.org' }))).toEqual(['error.backend.domain_already_exists']);
    expect(duplicateCanonicalDomain(view, { accountId: 1, canonicalDomain: 'new.example.co.uk' })).toEqual([]);
  });

  it('[ERR-2] a domain does not collide with itself, and deleted domains do not block', () => {
    expect(duplicateCanonicalDomain(view, { id: 100, accountId: 1, canonicalDomain: 'example.co.uk' })).toEqual([]);
    expect(duplicateCanonicalDomain(view, { id: '100', accountId: 1, canonicalDomain: 'example.co.uk' })).toEqual([]);
    expect(duplicateCanonicalDomain(view, { accountId: 1, canonicalDomain: 'gone.net' })).toEqual([]);
  });

  it('[ERR-2] compares hand-edited stored data case- and trailing-dot-insensitively', () => {
    const messy: DomainRulesView = { ...view, domains: [domain(1, 2, 20, 'Messy.Example.')] };
    expect(keys(duplicateCanonicalDomain(messy, { accountId: 1, canonicalDomain: 'messy.example' }))).toEqual(['error.backend.domain_already_exists']);
  });

  it('[ERR-2] finds the root domain with the public suffix list', () => {
    expect(rootDomainOf('shop.example.co.uk')).toBe('example.co.uk');
    expect(rootDomainOf('a.b.example.com')).toBe('example.com');
    expect(rootDomainOf('xn--mnchen-3ya.de')).toBe('xn--mnchen-3ya.de');
    expect(rootDomainOf('alice.github.io')).toBe('alice.github.io');
    expect(rootDomainOf('github.io')).toBe('github.io');
    expect(rootDomainOf('localhost')).toBeNull();
    expect(rootDomainOf('127.0.0.1')).toBeNull();
  });

  it('[ERR-2] refuses a subdomain whose root domain belongs to another account', () => {
    expect(keys(rootDomainOfOtherAccount(view, { accountId: 2, canonicalDomain: 'shop.example.co.uk' }))).toEqual(['error.backend.root_domain_other_account']);
    expect(keys(rootDomainOfOtherAccount(view, { accountId: 1, canonicalDomain: 'blog.other.org' }))).toEqual(['error.backend.root_domain_other_account']);
    // The other direction too: the root itself when a subdomain of it is someone else's.
    expect(keys(rootDomainOfOtherAccount(view, { accountId: 2, canonicalDomain: 'example.com' }))).toEqual(['error.backend.root_domain_other_account']);
  });

  it('[ERR-2] allows subdomains of a root the same account owns', () => {
    expect(rootDomainOfOtherAccount(view, { accountId: 1, canonicalDomain: 'shop.example.co.uk' })).toEqual([]);
    expect(rootDomainOfOtherAccount(view, { accountId: 1, canonicalDomain: 'example.com' })).toEqual([]);
  });

  it('[ERR-2] different owners under a private suffix (github.io) do not block each other', () => {
    expect(rootDomainOfOtherAccount(view, { accountId: 1, canonicalDomain: 'bob.github.io' })).toEqual([]);
    expect(keys(rootDomainOfOtherAccount(view, { accountId: 1, canonicalDomain: 'www2.alice.github.io' }))).toEqual([
      'error.backend.root_domain_other_account',
    ]);
  });

  it('[ERR-2] a deleted domain of another account does not hold its root', () => {
    expect(rootDomainOfOtherAccount(view, { accountId: 1, canonicalDomain: 'shop.gone.net' })).toEqual([]);
  });

  it('[ERR-2] creation reports a duplicate alone, else a foreign root', () => {
    expect(keys(checkDomainCreation(view, { accountId: 1, canonicalDomain: 'other.org' }))).toEqual(['error.backend.domain_already_exists']);
    expect(keys(checkDomainCreation(view, { accountId: 1, canonicalDomain: 'www.other.org' }))).toEqual(['error.backend.root_domain_other_account']);
    expect(checkDomainCreation(view, { accountId: 1, canonicalDomain: 'fresh.example' })).toEqual([]);
  });
});

describe('changing a domain', () => {
  const existing = { canonicalDomain: 'example.co.uk', type: 'website' };

  it('[ERR-2] canonical domain and type cannot change after creation', () => {
    const violations = immutableDomainFields(existing, { canonicalDomain: 'example.com', type: 'external_alias' });
    expect(violations.map((violation) => [violation.propertyPath, violation.payload.messageKey])).toEqual([
      ['canonicalDomain', 'error.backend.domain_immutable'],
      ['type', 'error.backend.domain_immutable'],
    ]);
  });

  it('[ERR-2] sending the same canonical domain and type back is fine', () => {
    expect(immutableDomainFields(existing, { ...existing, scanDepth: 5000 })).toEqual([]);
  });
});

describe('removing', () => {
  it('[ERR-2] refuses to remove the last public domain of the last consent solution', () => {
    const single: DomainRulesView = {
      consentSolutions: [{ id: 1, accountId: 9 }],
      domains: [domain(1, 9, 1, 'only.com'), domain(2, 9, 1, 'test.only.com', { type: 'internal_alias' })],
    };
    expect(keys(lastPublicDomainRemoval(single, 1))).toEqual(['error.backend.last_public_domain']);
    expect(lastPublicDomainRemoval(single, 1)[0]?.propertyPath).toBe('');
    // An alias can always go.
    expect(lastPublicDomainRemoval(single, 2)).toEqual([]);
  });

  it('[ERR-2] allows removing a public domain while another remains in the account', () => {
    // Account 1 has example.co.uk in solution 10 and shop.example.com in solution 11.
    expect(lastPublicDomainRemoval(view, 100)).toEqual([]);
    expect(lastPublicDomainRemoval(view, '110')).toEqual([]);
  });

  it('[ERR-2] other accounts, deleted or inactive public domains do not count as remaining', () => {
    const lonely: DomainRulesView = {
      consentSolutions: [
        { id: 1, accountId: 9 },
        { id: 2, accountId: 9 },
        { id: 3, accountId: 8 },
      ],
      domains: [
        domain(1, 9, 1, 'keep.com'),
        domain(2, 9, 2, 'old.com', { status: 'deleted' }),
        domain(3, 9, 2, 'paused.com', { status: 'inactive' }),
        domain(4, 8, 3, 'someone-else.com'),
      ],
    };
    expect(keys(lastPublicDomainRemoval(lonely, 1))).toEqual(['error.backend.last_public_domain']);
  });

  it('[ERR-2] an unknown domain id is left to the route (404), not this rule', () => {
    expect(lastPublicDomainRemoval(view, 999)).toEqual([]);
  });

  it('[ERR-2] refuses to remove a consent solution with active domains', () => {
    expect(keys(consentSolutionWithActiveDomainsRemoval(view, 10))).toEqual(['error.backend.consent_solution_has_active_domains']);
    expect(keys(consentSolutionWithActiveDomainsRemoval(view, '20'))).toEqual(['error.backend.consent_solution_has_active_domains']);
  });

  it('[ERR-2] a consent solution with no or only inactive domains can be removed', () => {
    const emptied: DomainRulesView = {
      consentSolutions: [
        { id: 5, accountId: 9 },
        { id: 6, accountId: 9 },
      ],
      domains: [domain(1, 9, 5, 'a.com', { status: 'deleted' }), domain(2, 9, 5, 'b.com', { status: 'inactive' })],
    };
    expect(consentSolutionWithActiveDomainsRemoval(emptied, 5)).toEqual([]);
    expect(consentSolutionWithActiveDomainsRemoval(emptied, 6)).toEqual([]);
  });

  it('[ERR-2] a domain without status is active', () => {
    expect(isActiveDomain({})).toBe(true);
    expect(isActiveDomain({ status: 'active' })).toBe(true);
    expect(isActiveDomain({ status: 'inactive' })).toBe(false);
  });
});
