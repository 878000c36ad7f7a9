import type { ConsentState, Finding, Scan, ScannedCookie, StateProgress } from '../../src/schemas/scanner';
import type { ConsentSolutionRow, CookieRow, DomainRow } from '../store/types';

/**
 * BEYOND-4 / SCAN-7 demo data: Demo Shop's main domain has a finished scan whose findings wait in
 * the triage inbox (a new tracker, one set before consent, a changed expiry, a cookie gone), and
 * the Help Center's failing domain has a failed scan, so a new user sees what both screens do.
 */

const HOUR_MS = 60 * 60 * 1000;

const state = (planned: number, visited: number, cookies: number): StateProgress => ({ planned, visited, failed: planned - visited, cookies });

const seen = (name: string, domain: string, expiryDays: number | null, setBeforeConsent: boolean, at: string): ScannedCookie => ({
  name,
  domain,
  expiryDays,
  firstSeen: at,
  lastSeen: at,
  setBeforeConsent,
});

const scanOf = (domain: DomainRow, id: number, queuedAt: Date, finishedAt: Date): Omit<Scan, 'status' | 'failure' | 'failureDetail'> => ({
  id,
  crawlId: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
  accountId: domain.accountId,
  consentSolutionId: domain.consentSolutionId,
  domainId: domain.id,
  canonicalDomain: domain.canonicalDomain,
  trigger: 'schedule',
  queuedAt: queuedAt.toISOString(),
  startedAt: queuedAt.toISOString(),
  finishedAt: finishedAt.toISOString(),
  pagesVisited: 0,
  pagesPlanned: 0,
  cookies: [],
  partial: false,
  checking: null,
  queuePosition: null,
  states: {},
  refused: [],
});

export const buildScanHistory = (
  solutions: ConsentSolutionRow[],
  domains: DomainRow[],
  cookies: CookieRow[],
  now: Date,
): { scans: Scan[]; scanFindings: Finding[] } => {
  const scans: Scan[] = [];
  const scanFindings: Finding[] = [];
  const shop = solutions.find((s) => s.name === 'Demo Shop');
  const shopDomain = domains.find((d) => d.consentSolutionId === shop?.id && d.canonicalDomain === 'demo-shop.com');
  if (shop && shopDomain) {
    const finishedAt = new Date(now.getTime() - 6 * HOUR_MS);
    const at = finishedAt.toISOString();
    const states: Partial<Record<ConsentState, StateProgress>> = {
      before: state(184, 184, 5),
      reject: state(20, 20, 5),
      gpc: state(20, 20, 4),
      accept: state(184, 183, 9),
    };
    const found = [
      seen('PHPSESSID', 'demo-shop.com', null, true, at),
      seen('_ga', '.demo-shop.com', 730, true, at),
      seen('_gid', '.demo-shop.com', 1, false, at),
      seen('_fbp', '.demo-shop.com', 180, false, at),
      seen('_hjSessionUser_3912874', '.demo-shop.com', 365, true, at),
      seen('cart_id', 'demo-shop.com', 30, true, at),
    ];
    const scan: Scan = {
      ...scanOf(shopDomain, 1, new Date(finishedAt.getTime() - 4 * 60 * 1000), finishedAt),
      status: 'succeeded',
      failure: null,
      failureDetail: null,
      cookies: found,
      states,
      pagesVisited: Object.values(states).reduce((n, s) => n + s.visited, 0),
      pagesPlanned: Object.values(states).reduce((n, s) => n + s.planned, 0),
    };
    scans.push(scan);
    const finding = (
      kind: Finding['kind'],
      cookie: Pick<Finding, 'name' | 'domain' | 'suggestedCategory' | 'expiryDays' | 'setBeforeConsent'>,
      changes: string[] = [],
    ): Finding => ({
      id: scanFindings.length + 1,
      accountId: shop.accountId,
      consentSolutionId: shop.id,
      domainId: shopDomain.id,
      scanId: scan.id,
      kind,
      ...cookie,
      // A listed cookie's finding points at it; a new one has none yet.
      cookieId: cookies.find((c) => c.consentSolutionId === shop.id && c.name === cookie.name && c.domain === cookie.domain)?.id ?? null,
      changes,
      firstSeen: at,
      lastSeen: at,
      status: 'open',
      createdAt: at,
      resolvedAt: null,
    });
    // One at a time: each finding's id counts the ones before it.
    scanFindings.push(
      finding('new', { name: '_hjSessionUser_3912874', domain: '.demo-shop.com', suggestedCategory: 'statistics', expiryDays: 365, setBeforeConsent: true }),
    );
    scanFindings.push(
      finding('set_before_consent', { name: '_ga', domain: '.demo-shop.com', suggestedCategory: 'statistics', expiryDays: 730, setBeforeConsent: true }),
    );
    scanFindings.push(
      finding('changed', { name: '_fbp', domain: '.demo-shop.com', suggestedCategory: 'marketing', expiryDays: 180, setBeforeConsent: false }, ['expiryDays']),
    );
  }
  const help = solutions.find((s) => s.name === 'Help Center');
  const failing = domains.find((d) => d.consentSolutionId === help?.id && d.status === 'error');
  if (failing) {
    const finishedAt = new Date(now.getTime() - 2 * HOUR_MS);
    scans.push({
      ...scanOf(failing, scans.length + 1, new Date(finishedAt.getTime() - 60 * 1000), finishedAt),
      status: 'failed',
      failure: 'unreachable',
      failureDetail: 'net::ERR_NAME_NOT_RESOLVED',
    });
  }
  return { scans, scanFindings };
};
