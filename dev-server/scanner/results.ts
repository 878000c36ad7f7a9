import type { ScannedCookie, StateProgress, ConsentState } from '../../src/schemas/scanner';
import type { SqlClient } from '../consent-log/sql';
import { consentSolutionRows, syncSummary } from '../data/consentSolutions';
import { cookieRows } from '../data/cookies';
import { domainRows } from '../data/domains';
import { customerFirst } from './classification/classifyCookie';
import { suggestCategory } from './classification/cookieDatabase';
import { crawlCompliance } from './compliance';
import type { Store } from '../store/store';
import type { DomainRow } from '../store/types';
import { readChecks, readCookies, readProgress, readRefused } from './crawlReads';
import type { CrawlProgress } from './crawlStore';
import type { InstallationChecks } from './pageOutcome';
import { identity, triage } from './triage';
import { HEALTH_CHECKS, SCANS, type HealthCheckRow, type ScanRow } from './types';

/**
 * SCAN-1 / SCAN-7: a crawl as the admin sees it. While it runs, its row shows the frontier's
 * progress (read, never stored); once a worker reports it finished, its results go into the row,
 * the domain and the triage inbox, partial results included.
 */

const ACTIVE_STATUSES = new Set(['active', 'pending', 'error']);
const totals = (states: Partial<Record<ConsentState, StateProgress>>) =>
  Object.values(states).reduce((sum, s) => ({ planned: sum.planned + s.planned, done: sum.done + s.visited + s.failed }), { planned: 0, done: 0 });

export const liveView = <R extends ScanRow | HealthCheckRow>(row: R, progress: CrawlProgress | undefined): R => {
  const view = structuredClone(row);
  if (!progress || (row.status !== 'queued' && row.status !== 'running')) return view;
  // A crawl over but not yet taken in is still "running" here: its results are on their way.
  view.status = progress.status === 'queued' ? 'queued' : 'running';
  view.startedAt = progress.startedAt;
  if ('pagesVisited' in view) {
    const sum = totals(progress.states);
    view.states = progress.states;
    view.checking = progress.checking;
    view.queuePosition = progress.queuePosition;
    if (sum.planned > 0) {
      view.pagesVisited = sum.done;
      view.pagesPlanned = sum.planned;
    }
  }
  return view;
};

/** The scan's cookies: each one once, `setBeforeConsent` when it was there before any choice. */
const scannedCookies = (rows: Awaited<ReturnType<typeof readCookies>>): ScannedCookie[] => {
  const byCookie = new Map<string, ScannedCookie>();
  for (const row of rows) {
    const key = `${row.name}\u0000${row.domain}`;
    const known = byCookie.get(key);
    if (!known) {
      byCookie.set(key, {
        name: row.name,
        domain: row.domain,
        expiryDays: row.expiryDays,
        firstSeen: row.firstSeen,
        lastSeen: row.lastSeen,
        setBeforeConsent: row.state === 'before',
      });
      continue;
    }
    if (row.firstSeen < known.firstSeen) known.firstSeen = row.firstSeen;
    if (row.lastSeen > known.lastSeen) known.lastSeen = row.lastSeen;
    if (row.state === 'before') known.setBeforeConsent = true;
    if (row.state === 'accept' || known.expiryDays === null) known.expiryDays = row.expiryDays;
  }
  return [...byCookie.values()].sort((a, b) => a.name.localeCompare(b.name));
};

const setDomainOutcome = (store: Store, now: () => Date, domain: DomainRow, ok: boolean, cookiesFound: number): void => {
  if (ACTIVE_STATUSES.has(domain.status)) domain.status = ok ? 'active' : 'error';
  if (ok) {
    domain.lastScanAt = now().toISOString();
    domain.cookiesFound = cookiesFound;
  }
  const solution = consentSolutionRows(store).find((s) => s.id === domain.consentSolutionId);
  if (solution) syncSummary(store, solution);
};

export const applyResults = async (store: Store, now: () => Date, sql: SqlClient, crawlId: string): Promise<void> => {
  const scan = store.rows<ScanRow>(SCANS).find((r) => r.crawlId === crawlId);
  const check = scan ? undefined : store.rows<HealthCheckRow>(HEALTH_CHECKS).find((r) => r.crawlId === crawlId);
  const row = scan ?? check;
  if (!row || (row.status !== 'queued' && row.status !== 'running')) return;
  const progress = (await readProgress(sql, [crawlId])).get(crawlId);
  if (!progress || progress.status === 'queued' || progress.status === 'running') return;
  const cookies = await readCookies(sql, crawlId);
  const outcome = {
    status: progress.status,
    failure: progress.failure as ScanRow['failure'],
    failureDetail: progress.failureDetail,
    startedAt: progress.startedAt,
    finishedAt: progress.finishedAt ?? now().toISOString(),
  };
  const domain = domainRows(store).find((d) => d.id === row.domainId);
  if (scan) {
    // Read before the row changes: a finished row with its findings not yet in the inbox would be seen as done.
    const listed = cookieRows(store).filter((c) => c.consentSolutionId === scan.consentSolutionId);
    const compliance = await crawlCompliance(sql, crawlId, { classify: customerFirst(listed), consentSolutionId: scan.consentSolutionId });
    const sum = totals(progress.states);
    Object.assign(scan, outcome, {
      cookies: scannedCookies(cookies),
      partial: progress.partial,
      states: progress.states,
      checking: null,
      queuePosition: null,
      refused: await readRefused(sql, crawlId),
      pagesVisited: Object.values(progress.states).reduce((n, s) => n + s.visited, 0),
      pagesPlanned: sum.planned,
    });
    const usable = progress.status === 'succeeded' || (progress.partial && scan.pagesVisited > 0);
    // A scan cancelled before it started leaves the domain as it was.
    if (domain && !(progress.failure === 'cancelled' && !progress.partial)) {
      setDomainOutcome(store, now, domain, usable, scan.cookies.length);
      if (usable) triage(store, now, scan, domain, compliance);
    }
  } else if (check) {
    const checks = (await readChecks(sql, crawlId)) as InstallationChecks | null;
    const listed = new Map(
      cookieRows(store)
        .filter((c) => c.consentSolutionId === check.consentSolutionId)
        .map((c) => [identity(c.name, c.domain), c.category]),
    );
    const nonEssential = cookies
      .filter((c) => c.state === 'before' && (listed.get(identity(c.name, c.domain)) ?? suggestCategory(c.name, c.domain)) !== 'necessary')
      .map((c) => c.name);
    Object.assign(check, outcome);
    if (progress.status === 'succeeded' && checks) {
      Object.assign(check, {
        ...checks,
        cookiesBeforeConsent: [...new Set(nonEssential)],
        healthy: checks.scriptPresent && checks.loadedFirst && checks.bannerShown && nonEssential.length === 0,
      });
    }
  }
  store.write();
};
