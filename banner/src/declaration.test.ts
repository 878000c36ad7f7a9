import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render } from './declaration';
import type { DeclarationData, DeclarationLanguage } from './declarationTypes';

/** The cookie declaration in a page (jsdom); the published one in e2e/standards.test.ts. */

const language = (prefix: string): DeclarationLanguage => ({
  texts: {
    cookiesOverview: `${prefix} overview`,
    cookieDeclarationText: `${prefix} declaration`,
    domainListExplanation: `${prefix} domains`,
    noScanPerformed: `${prefix} not scanned`,
    lastUpdated: `${prefix} last updated`,
    serviceRole: `${prefix} service`,
  },
  labels: {
    name: 'Name',
    domain: 'Domain',
    purpose: 'Purpose',
    expiry: 'Expiry',
    type: 'Type',
    yourChoice: 'Your choice',
    noChoice: 'No choice',
    consentId: 'Consent ID',
    decidedAt: 'Date',
    change: 'Change',
    withdraw: 'Withdraw',
  },
  categories: [
    {
      id: 'necessary',
      name: `${prefix} Necessary`,
      description: 'Always',
      cookies: [['PHPSESSID', 'shop.test', 'Session', 'Session', 'First-party HTTP cookie', '']],
    },
    {
      id: 'statistics',
      name: `${prefix} Statistics`,
      description: 'Counting',
      cookies: [
        ['_ga', '.shop.test', 'Visits', '730 days', 'First-party HTTP cookie', 'Google'],
        ['<img src=x onerror=alert(1)>', 'evil.test', '', '1 day', 'Third-party HTTP cookie', ''],
      ],
    },
  ],
});

const data: DeclarationData = {
  consentSolutionId: 5,
  consentVersion: 1,
  defaultLanguage: 'en',
  lastScanAt: '2026-11-01T10:00:00.000Z',
  domains: ['shop.test', 'www.shop.test'],
  languages: { en: language('EN'), fr: language('FR') },
};

const target = (): HTMLElement => document.getElementById('cm-declaration') as HTMLElement;

beforeEach(() => {
  document.body.innerHTML = '<div id="cm-declaration"></div>';
  document.cookie = 'cm_consent_5=; max-age=0; path=/';
});
afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(window, 'consentBanner');
});

describe('the cookie declaration', () => {
  it('[STD-5] renders the six texts, a real table per category (headers, row headers), the domains and the last scan, as text only', () => {
    render(data, target());
    const text = target().textContent ?? '';
    for (const key of ['overview', 'declaration', 'domains', 'last updated', 'service']) expect(text).toContain(`EN ${key}`);
    expect(text).not.toContain('EN not scanned');
    const tables = target().querySelectorAll('table');
    expect(tables).toHaveLength(2);
    const stats = tables[1] as HTMLTableElement;
    expect(stats.caption?.textContent).toBe('EN Statistics');
    expect(Array.from(stats.tHead?.querySelectorAll('th[scope="col"]') ?? []).map((th) => th.textContent)).toEqual([
      'Name',
      'Domain',
      'Purpose',
      'Expiry',
      'Type',
      'EN service',
    ]);
    expect(Array.from(stats.tBodies[0]?.rows ?? []).map((row) => Array.from(row.cells).map((cell) => cell.textContent))).toEqual([
      ['_ga', '.shop.test', 'Visits', '730 days', 'First-party HTTP cookie', 'Google'],
      ['<img src=x onerror=alert(1)>', 'evil.test', '', '1 day', 'Third-party HTTP cookie', ''],
    ]);
    expect(stats.querySelector('tbody th[scope="row"]')?.textContent).toBe('_ga');
    expect(target().querySelector('img')).toBeNull();
    expect(Array.from(target().querySelectorAll('.cm-decl-domains li')).map((li) => li.textContent)).toEqual(['shop.test', 'www.shop.test']);
  });

  it('[STD-5] in the visitor\'s language; "not scanned" when no scan ran', () => {
    vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(['fr-FR']);
    render({ ...data, lastScanAt: null }, target());
    expect(target().querySelector('.cm-declaration')?.getAttribute('lang')).toBe('fr');
    expect(target().textContent).toContain('FR not scanned');
  });

  it('[STD-5][STD-6] shows the choice with its consent id; change reopens the banner, withdraw declines; a new decision is shown', () => {
    const show = vi.fn();
    const decline = vi.fn();
    Object.assign(window, { consentBanner: { show, decline } });
    render(data, target());
    expect(target().querySelector('.cm-decl-choice')?.textContent).toContain('No choice');
    document.cookie = `cm_consent_5=${encodeURIComponent(JSON.stringify({ v: 1, categories: ['necessary', 'statistics'], at: '2026-11-02T09:00:00Z', aid: 'a'.repeat(32), id: 'consent-123' }))}; path=/`;
    window.dispatchEvent(new CustomEvent('consent:recorded', { detail: { id: 'consent-123' } }));
    const choice = target().querySelector('.cm-decl-choice')?.textContent ?? '';
    expect(choice).toContain('Your choice: EN Necessary, EN Statistics');
    expect(choice).toContain('Consent ID: consent-123');
    target().querySelector<HTMLButtonElement>('.cm-decl-change')?.click();
    target().querySelector<HTMLButtonElement>('.cm-decl-withdraw')?.click();
    expect(show).toHaveBeenCalledOnce();
    expect(decline).toHaveBeenCalledOnce();
  });
});
