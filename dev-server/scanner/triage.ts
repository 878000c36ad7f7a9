import type { CookieCategory } from '../../src/schemas/cookie';
import { consentSolutionRows, solutionLanguages } from '../data/consentSolutions';
import { cookieRows, COOKIES } from '../data/cookies';
import { lookupCookie, suggestCategory } from './classification/cookieDatabase';
import type { Store } from '../store/store';
import type { ComplianceFinding } from './compliance';
import type { CookieRow, DomainRow } from '../store/types';
import { FINDINGS, type FindingRow, type ScanRow } from './types';

/**
 * BEYOND-4: the triage inbox. A finished scan's cookies against the solution's cookie list give
 * the findings (new, changed, gone, set before consent), beside the crawl's compliance findings
 * (SCAN-4); accepting one writes the list (a compliance finding is acknowledged: nothing to write).
 */

const hostOf = (cookieDomain: string): string => cookieDomain.replace(/^\./, '').toLowerCase();
export const belongsTo = (cookieDomain: string, canonical: string): boolean => {
  const host = hostOf(cookieDomain);
  return host === canonical || host.endsWith(`.${canonical}`);
};
export const identity = (name: string, domain: string): string => `${name}\u0000${hostOf(domain)}`;

/** The solution's cookie list vs. what a scan found: the triage inbox's new findings. */
export const triage = (store: Store, now: () => Date, scan: ScanRow, domain: DomainRow, compliance: readonly ComplianceFinding[] = []): void => {
  const stamp = now().toISOString();
  const listed = cookieRows(store).filter((c) => c.consentSolutionId === scan.consentSolutionId);
  const byIdentity = new Map(listed.map((c) => [identity(c.name, c.domain), c]));
  const found = new Set(scan.cookies.map((c) => identity(c.name, c.domain)));
  // A new scan replaces the domain's open findings.
  const all = store.rows<FindingRow>(FINDINGS);
  for (let i = all.length - 1; i >= 0; i -= 1) {
    const row = all[i] as FindingRow;
    if (row.domainId === domain.id && row.status === 'open') all.splice(i, 1);
  }
  const add = (finding: Omit<FindingRow, 'id' | 'accountId' | 'consentSolutionId' | 'domainId' | 'scanId' | 'status' | 'createdAt' | 'resolvedAt'>): void => {
    all.push({
      id: store.nextId(FINDINGS),
      accountId: scan.accountId,
      consentSolutionId: scan.consentSolutionId,
      domainId: domain.id,
      scanId: scan.id,
      status: 'open',
      createdAt: stamp,
      resolvedAt: null,
      ...finding,
    });
  };
  for (const cookie of scan.cookies) {
    const existing = byIdentity.get(identity(cookie.name, cookie.domain));
    const base = {
      name: cookie.name,
      domain: cookie.domain,
      expiryDays: cookie.expiryDays,
      setBeforeConsent: cookie.setBeforeConsent,
      firstSeen: cookie.firstSeen,
      lastSeen: cookie.lastSeen,
    };
    if (!existing) {
      add({ ...base, kind: 'new', cookieId: null, suggestedCategory: suggestCategory(cookie.name, cookie.domain), changes: [] });
      continue;
    }
    existing.lastSeen = cookie.lastSeen;
    const changes: string[] = [];
    // A day either way is the clock moving between two scans, not a change.
    if ((existing.expiryDays === null) !== (cookie.expiryDays === null) || Math.abs((existing.expiryDays ?? 0) - (cookie.expiryDays ?? 0)) > 1)
      changes.push('expiryDays');
    if (changes.length > 0) add({ ...base, kind: 'changed', cookieId: existing.id, suggestedCategory: existing.category, changes });
    if (cookie.setBeforeConsent && existing.category !== 'necessary')
      add({ ...base, kind: 'set_before_consent', cookieId: existing.id, suggestedCategory: existing.category, changes: [] });
  }
  // SCAN-4: what happened without consent, as the crawl's tables recorded it (compliance.ts).
  for (const finding of compliance)
    add({
      ...finding,
      cookieId: null,
      setBeforeConsent: finding.consentState === 'before',
      changes: [],
      firstSeen: scan.startedAt ?? stamp,
      lastSeen: scan.finishedAt ?? stamp,
    });
  // A partial scan did not see every page: a cookie it missed may be on the others.
  for (const cookie of scan.partial ? [] : listed) {
    if (!belongsTo(cookie.domain, domain.canonicalDomain) || found.has(identity(cookie.name, cookie.domain))) continue;
    add({
      kind: 'gone',
      name: cookie.name,
      domain: cookie.domain,
      cookieId: cookie.id,
      suggestedCategory: cookie.category,
      expiryDays: cookie.expiryDays,
      setBeforeConsent: false,
      changes: [],
      firstSeen: cookie.firstSeen,
      lastSeen: cookie.lastSeen,
    });
  }
};

/** Accepts an open finding into the solution's cookie list; answers the cookie created or changed. */
export const acceptFinding = (store: Store, now: () => Date, finding: FindingRow, category: CookieCategory | undefined): CookieRow | null => {
  const stamp = now().toISOString();
  const cookies = cookieRows(store);
  const solution = consentSolutionRows(store).find((s) => s.id === finding.consentSolutionId);
  let result: CookieRow | null = null;
  const existing =
    (finding.cookieId !== null ? cookies.find((c) => c.id === finding.cookieId) : undefined) ??
    cookies.find((c) => c.consentSolutionId === finding.consentSolutionId && identity(c.name, c.domain) === identity(finding.name, finding.domain));
  if (finding.kind === 'gone') {
    if (existing) cookies.splice(cookies.indexOf(existing), 1);
  } else if (existing) {
    if (finding.kind === 'changed' || finding.kind === 'new') {
      existing.expiryDays = finding.expiryDays;
      existing.lastSeen = finding.lastSeen;
      if (category) existing.category = category;
      existing.updatedAt = stamp;
    }
    result = existing;
  } else if (finding.kind === 'new') {
    const known = lookupCookie(finding.name, finding.domain);
    const languages: string[] = solution ? solutionLanguages(solution) : [];
    const row: CookieRow = {
      id: store.nextId(COOKIES),
      accountId: finding.accountId,
      consentSolutionId: finding.consentSolutionId,
      name: finding.name,
      domain: finding.domain,
      category: category ?? finding.suggestedCategory,
      purpose: known && languages.includes('en') ? { en: known.purpose } : {},
      expiryDays: finding.expiryDays,
      dataProcessor: known?.dataProcessor ? { ...known.dataProcessor } : null,
      source: 'scanner',
      firstSeen: finding.firstSeen,
      lastSeen: finding.lastSeen,
      createdAt: stamp,
      updatedAt: stamp,
    };
    cookies.push(row);
    result = row;
  }
  finding.status = 'accepted';
  finding.resolvedAt = stamp;
  return result;
};
