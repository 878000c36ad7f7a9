import { describe, expect, it } from 'vitest';
import {
  canonicalDomainProblem,
  canonicalDomainSchema,
  changedImmutableDomainFields,
  DOMAIN_TYPES,
  domainCreateSchema,
  domainUpdateSchema,
  isCanonicalDomain,
  isPublicDomainType,
  SCAN_DEPTH_LABELS,
  SCAN_FREQUENCY_NAMES,
  scanFrequencyFromDays,
  scanFrequencyToDays,
  suggestCanonical,
} from './domain';
import { domainValidationMessages } from './validationMessages';

const messagesOf = (result: { success: boolean; error?: { issues: Array<{ message: string; path: PropertyKey[] }> } }) =>
  result.error?.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`) ?? [];

const validDomain = {
  canonicalDomain: 'example.com',
  type: 'website',
  defaultLanguage: 'en',
  scanDepth: 500,
  scanFrequency: 7,
} as const;

describe('domain constants', () => {
  it('[ENT-1] maps frequencies to days and back', () => {
    expect(scanFrequencyToDays('daily')).toBe(1);
    expect(scanFrequencyToDays('weekly')).toBe(7);
    expect(scanFrequencyToDays('monthly')).toBe(30);
    expect(scanFrequencyToDays('no_scan')).toBe(0);
    for (const name of SCAN_FREQUENCY_NAMES) expect(scanFrequencyFromDays(scanFrequencyToDays(name))).toBe(name);
    expect(scanFrequencyFromDays(14)).toBeUndefined();
  });

  it('[ENT-1] labels the three depths and knows the three types', () => {
    expect(SCAN_DEPTH_LABELS).toEqual({ 500: 'lite', 5000: 'standard', 15000: 'large' });
    expect(DOMAIN_TYPES).toEqual(['website', 'internal_alias', 'external_alias']);
  });

  it('[PROD-4] only website is a public domain type', () => {
    expect(DOMAIN_TYPES.filter(isPublicDomainType)).toEqual(['website']);
  });

  it('[VAL-1] has the English texts of the spec', () => {
    expect(domainValidationMessages['validation.url_required']).toBe('Url is required.');
    expect(domainValidationMessages['validation.domain_not_canonical']).toBe('Domain is not in canonical form (without http/s protocol and www.).');
  });
});

describe('canonical domain', () => {
  const canonicalExamples = [
    'example.com',
    'shop.example.co.uk',
    'a.b.c.example.org',
    'xn--mnchen-3ya.de',
    'my-site.io',
    '123abc.net',
    'www2.example.com',
    'github.io',
    'alice.github.io',
  ];
  it.each(canonicalExamples)('[VAL-1] accepts %s', (input) => {
    expect(canonicalDomainProblem(input)).toBeNull();
    expect(canonicalDomainSchema.safeParse(input).success).toBe(true);
  });

  it.each([
    ['https://example.com', 'protocol'],
    ['http://example.com', 'protocol'],
    ['//example.com', 'protocol'],
    ['www.example.com', 'www'],
    ['WWW.example.com', 'www'],
    ['example.com/shop', 'path_port_or_query'],
    ['example.com:8080', 'path_port_or_query'],
    ['example.com?a=1', 'path_port_or_query'],
    ['example.com#top', 'path_port_or_query'],
    ['user@example.com', 'path_port_or_query'],
    ['example.com.', 'trailing_dot'],
    ['Example.com', 'uppercase'],
    ['münchen.de', 'not_punycode'],
    ['exa mple.com', 'whitespace'],
    ['-shop.example.com', 'invalid_hostname'],
    ['shop-.example.com', 'invalid_hostname'],
    ['a_b.example.com', 'invalid_hostname'],
    ['a..b.com', 'invalid_hostname'],
    [`${'a'.repeat(64)}.com`, 'invalid_hostname'],
    ['xn--abc.de', 'invalid_hostname'],
    ['127.0.0.1', 'ip_address'],
    ['10.0.0.1', 'ip_address'],
    ['example.123', 'ip_address'],
    ['[::1]', 'path_port_or_query'],
    ['localhost', 'no_public_suffix'],
    ['intranet.local', 'no_public_suffix'],
    ['example.unknowntld', 'no_public_suffix'],
    ['co.uk', 'public_suffix_only'],
    ['com', 'public_suffix_only'],
  ])('[VAL-1] rejects %s (%s)', (input, reason) => {
    expect(canonicalDomainProblem(input)).toBe(reason);
    expect(isCanonicalDomain(input)).toBe(false);
  });

  it('[VAL-1] rejects https:// and www. with the canonical-form message', () => {
    for (const input of ['https://example.com', 'www.example.com', 'https://www.example.com/']) {
      const result = canonicalDomainSchema.safeParse(input);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('validation.domain_not_canonical');
    }
  });

  it('[VAL-1] reports an empty or missing domain as "Url is required"', () => {
    for (const input of ['', '   ', undefined]) {
      const result = canonicalDomainSchema.safeParse(input);
      expect(result.error?.issues.map((issue) => issue.message)).toEqual(['validation.url_required']);
    }
  });

  it('[VAL-1] trims surrounding whitespace of a pasted domain', () => {
    expect(canonicalDomainSchema.parse('  example.com\n')).toBe('example.com');
  });

  it('[VAL-1] carries the reason and the suggestion for the UI hint', () => {
    const issue = canonicalDomainSchema.safeParse('https://WWW.Example.com/shop').error?.issues[0];
    expect(issue?.code).toBe('custom');
    expect(issue && 'params' in issue ? issue.params : undefined).toEqual({ reason: 'protocol', suggestion: 'example.com' });
  });

  it.each([
    ['https://WWW.Example.com/shop?x=1#top', 'example.com'],
    ['http://shop.example.co.uk:8080/', 'shop.example.co.uk'],
    ['www.example.com', 'example.com'],
    ['Example.COM.', 'example.com'],
    ['münchen.de', 'xn--mnchen-3ya.de'],
    ['https://www.münchen.de/', 'xn--mnchen-3ya.de'],
    ['  example.com  ', 'example.com'],
    ['//example.com/path', 'example.com'],
    ['example.com', 'example.com'],
  ])('[VAL-1] suggests the canonical form of %s', (input, expected) => {
    expect(suggestCanonical(input)).toBe(expected);
  });

  it.each(['', 'localhost', 'http://127.0.0.1/', 'http://[::1]/', 'co.uk', 'ftp://example.com', 'not a domain', 'www.co.uk'])(
    '[VAL-1] suggests nothing for %j',
    (input) => {
      expect(suggestCanonical(input)).toBeNull();
    },
  );

  it('[VAL-1] every suggestion is itself canonical', () => {
    const inputs = ['HTTPS://A.B.Example.org/x', 'www.Shop.example.co.uk.', 'http://xn--mnchen-3ya.de', 'Bücher.example'];
    for (const input of inputs) {
      const suggestion = suggestCanonical(input);
      if (suggestion !== null) expect(isCanonicalDomain(suggestion)).toBe(true);
    }
  });
});

describe('domain create and update schemas', () => {
  it('[VAL-4] accepts a complete domain', () => {
    expect(domainCreateSchema.parse(validDomain)).toEqual(validDomain);
  });

  it('[VAL-3] refuses a domain type outside the three choices', () => {
    expect(messagesOf(domainCreateSchema.safeParse({ ...validDomain, type: 'intranet' }))).toEqual(['type:validation.domain_type_invalid']);
  });

  it('[ENT-1] refuses depths and frequencies that are not options', () => {
    expect(messagesOf(domainCreateSchema.safeParse({ ...validDomain, scanDepth: 1000 }))).toEqual(['scanDepth:validation.scan_depth_invalid']);
    expect(messagesOf(domainCreateSchema.safeParse({ ...validDomain, scanDepth: '500' }))).toEqual(['scanDepth:validation.scan_depth_invalid']);
    expect(messagesOf(domainCreateSchema.safeParse({ ...validDomain, scanFrequency: 'weekly' }))).toEqual(['scanFrequency:validation.scan_frequency_invalid']);
    for (const days of [0, 1, 7, 30]) expect(domainCreateSchema.safeParse({ ...validDomain, scanFrequency: days }).success).toBe(true);
  });

  it('[VAL-4] refuses an unknown language and reports missing fields as required', () => {
    expect(messagesOf(domainCreateSchema.safeParse({ ...validDomain, defaultLanguage: 'xx' }))).toEqual(['defaultLanguage:validation.language_invalid']);
    expect(messagesOf(domainCreateSchema.safeParse({}))).toEqual([
      'canonicalDomain:validation.url_required',
      'type:validation.required',
      'defaultLanguage:validation.required',
      'scanDepth:validation.required',
      'scanFrequency:validation.required',
    ]);
  });

  it('[ENT-1] the update schema has no canonical domain or type', () => {
    const parsed = domainUpdateSchema.parse({ ...validDomain, scanDepth: 15000 });
    expect(parsed).toEqual({ defaultLanguage: 'en', scanDepth: 15000, scanFrequency: 7 });
  });

  it('[ERR-2] flags immutable fields only when present and changed', () => {
    const existing = { canonicalDomain: 'example.com', type: 'website' };
    expect(changedImmutableDomainFields(existing, { canonicalDomain: 'example.com', type: 'website', scanDepth: 500 })).toEqual([]);
    expect(changedImmutableDomainFields(existing, { scanDepth: 500 })).toEqual([]);
    expect(changedImmutableDomainFields(existing, { canonicalDomain: 'other.com' })).toEqual(['canonicalDomain']);
    expect(changedImmutableDomainFields(existing, { canonicalDomain: 'other.com', type: 'internal_alias' })).toEqual(['canonicalDomain', 'type']);
    expect(changedImmutableDomainFields(existing, null)).toEqual([]);
    expect(changedImmutableDomainFields(existing, 'text')).toEqual([]);
  });
});
