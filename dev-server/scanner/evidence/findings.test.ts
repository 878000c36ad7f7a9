import { describe, expect, it } from 'vitest';
import { customerFirst } from '../classification/classifyCookie';
import { complianceFindings, scannedCookiesOf } from './findings';
import type { ConsentState, EvidenceCookie, PageEvidence, ReachedBy, ThirdPartyHost } from './types';

const cookie = (name: string, domain = 'shop.com', extra: Partial<EvidenceCookie> = {}): EvidenceCookie => ({
  name,
  domain,
  path: '/',
  party: domain.endsWith('shop.com') ? 'first' : 'third',
  expires: '2027-01-01T00:00:00.000Z',
  expiryDays: 365,
  secure: false,
  httpOnly: false,
  sameSite: 'Lax',
  ...extra,
});

const host = (name: string, company: string | null, category: ThirdPartyHost['category']): ThirdPartyHost => ({
  host: name,
  domain: name.split('.').slice(-2).join('.'),
  company,
  category,
  requests: 1,
  firstUrl: `https://${name}/x`,
  resourceTypes: ['image'],
});

const REACHED: Record<ConsentState, ReachedBy> = { before: 'nothing', reject: 'own-banner', gpc: 'gpc-signal', accept: 'own-banner' };

const page = (state: ConsentState, path: string, items: Partial<PageEvidence> = {}, at = '2026-03-01T10:00:00.000Z'): PageEvidence => ({
  url: `https://shop.com${path}`,
  finalUrl: `https://shop.com${path}`,
  status: 200,
  state,
  reachedBy: REACHED[state],
  reachedDetail: null,
  site: 'shop.com',
  collectedAt: at,
  cookies: [],
  localStorage: [],
  sessionStorage: [],
  indexedDb: [],
  thirdParties: [],
  ...items,
});

const summary = (findings: ReturnType<typeof complianceFindings>) =>
  findings.map((f) => `${f.state} ${f.kind} ${f.name} ${f.category} ${f.firstSeenUrl.replace('https://shop.com', '')} ×${f.pages}`);

describe('compliance findings', () => {
  it('[SCAN-4] anything non-necessary set or sent before consent, after reject or with GPC is a finding, once per state with where it was first seen', () => {
    const leaky = {
      cookies: [cookie('PHPSESSID'), cookie('_ga'), cookie('cm_consent_7'), cookie('IDE', '.doubleclick.net')],
      localStorage: ['_hjid', 'mp_abc_mixpanel'],
      sessionStorage: ['checkout_step'],
      indexedDb: ['shop-cache'],
      thirdParties: [
        host('www.google-analytics.com', 'Google', 'analytics'),
        host('www.googletagmanager.com', 'Google', 'tag-manager'),
        host('cdn.jsdelivr.net', 'JSDelivr CDN', 'cdn'),
        host('pixel.tracker.test', null, null),
        host('cdn.consent.example', null, null),
      ],
    };
    const findings = complianceFindings(
      [
        page('before', '/', { cookies: [cookie('PHPSESSID')] }),
        page('before', '/shop', leaky),
        page('before', '/cart', leaky),
        page('reject', '/', { cookies: [cookie('PHPSESSID'), cookie('cm_consent_7')], sessionStorage: ['checkout_step'] }),
        page('gpc', '/', { thirdParties: [host('connect.facebook.net', 'Facebook', 'social')] }),
        // After accept, everything is allowed.
        page('accept', '/', leaky),
      ],
      { necessaryHosts: ['consent.example'] },
    );
    expect(summary(findings)).toEqual([
      'before cookie IDE marketing /shop ×2',
      'before cookie _ga statistics /shop ×2',
      'before indexed_db shop-cache unclassified /shop ×2',
      // `_hjid`: Hotjar's, statistics; `mp_…`: Mixpanel's by its pattern.
      'before local_storage _hjid statistics /shop ×2',
      'before local_storage mp_abc_mixpanel statistics /shop ×2',
      'before session_storage checkout_step unclassified /shop ×2',
      // An unknown host is reported until classified; a CDN, a tag manager and the consent manager's own host are not.
      'before third_party_request pixel.tracker.test unclassified /shop ×2',
      'before third_party_request www.google-analytics.com statistics /shop ×2',
      'reject session_storage checkout_step unclassified / ×1',
      'gpc third_party_request connect.facebook.net marketing / ×1',
    ]);
    const ide = findings.find((f) => f.name === 'IDE');
    expect(ide).toMatchObject({ domain: '.doubleclick.net', party: 'third', classifiedBy: 'database', vendor: 'DoubleClick/Google Marketing' });
    expect(findings.find((f) => f.name === 'connect.facebook.net')).toMatchObject({
      classifiedBy: 'third-party-web',
      vendor: 'Facebook',
      party: 'third',
      domain: 'facebook.net',
    });
  });

  it("[SCAN-4][SCAN-5] the customer's categories come first", () => {
    const evidence = [page('before', '/', { cookies: [cookie('_ga'), cookie('PHPSESSID')], localStorage: ['checkout_step'] })];
    const classify = customerFirst([
      { name: '_ga', domain: '.shop.com', category: 'necessary' },
      { name: 'PHPSESSID', domain: 'shop.com', category: 'marketing' },
      { name: 'checkout_step', domain: 'shop.com', category: 'necessary' },
    ]);
    expect(summary(complianceFindings(evidence, { classify }))).toEqual(['before cookie PHPSESSID marketing / ×1']);
    expect(complianceFindings(evidence, { classify })[0]?.classifiedBy).toBe('customer');
  });

  it('[SCAN-4] a "reject all" the scanner could not reach is a finding, and its pages are not counted as rejected', () => {
    const findings = complianceFindings([
      page('before', '/', { cookies: [cookie('_ga')] }),
      { ...page('reject', '/', { cookies: [cookie('_ga')] }), reachedBy: 'unreached' },
      { ...page('reject', '/about', { cookies: [cookie('_ga')] }), reachedBy: 'unreached' },
    ]);
    expect(summary(findings)).toEqual(['before cookie _ga statistics / ×1', 'reject state_unreached  unclassified / ×2']);
  });
});

describe('the cookies the triage inbox compares', () => {
  it('[SCAN-4] one per name and domain over the states, set before consent when the first state had it, expiry as last seen', () => {
    const cookies = scannedCookiesOf([
      page('accept', '/', { cookies: [cookie('_ga', '.shop.com', { expiryDays: 729 }), cookie('_fbp')] }, '2026-03-01T10:05:00.000Z'),
      page('before', '/', { cookies: [cookie('_ga', '.Shop.com', { expiryDays: 730 }), cookie('cm_consent_7')] }, '2026-03-01T10:00:00.000Z'),
      page(
        'reject',
        '/',
        { cookies: [cookie('sid', 'shop.com', { expires: null, expiryDays: null }), cookie('far', 'shop.com', { expiryDays: 9_000 })] },
        '2026-03-01T10:01:00.000Z',
      ),
    ]);
    expect(cookies).toEqual([
      {
        name: '_fbp',
        domain: 'shop.com',
        expiryDays: 365,
        firstSeen: '2026-03-01T10:05:00.000Z',
        lastSeen: '2026-03-01T10:05:00.000Z',
        setBeforeConsent: false,
      },
      {
        name: '_ga',
        domain: '.shop.com',
        expiryDays: 729,
        firstSeen: '2026-03-01T10:00:00.000Z',
        lastSeen: '2026-03-01T10:05:00.000Z',
        setBeforeConsent: true,
      },
      {
        name: 'far',
        domain: 'shop.com',
        expiryDays: 3650,
        firstSeen: '2026-03-01T10:01:00.000Z',
        lastSeen: '2026-03-01T10:01:00.000Z',
        setBeforeConsent: false,
      },
      {
        name: 'sid',
        domain: 'shop.com',
        expiryDays: null,
        firstSeen: '2026-03-01T10:01:00.000Z',
        lastSeen: '2026-03-01T10:01:00.000Z',
        setBeforeConsent: false,
      },
    ]);
  });
});
