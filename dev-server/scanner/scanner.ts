import type { CookieCategory } from '../../src/schemas/cookie';
import type { ScannerStatus } from '../../src/schemas/scanner';
import { consentSolutionRows, solutionLanguages, syncSummary } from '../data/consentSolutions';
import { cookieRows, COOKIES } from '../data/cookies';
import { domainRows } from '../data/domains';
import { ApiError, violation } from '../http/errors';
import { lookupCookie, suggestCategory } from '../seed/cookieDatabase';
import type { Store } from '../store/store';
import type { CookieRow, DomainRow } from '../store/types';
import { findChromium } from './chromium';
import { crawl, CrawlError, type CrawlOptions } from './crawler';
import { FINDINGS, HEALTH_CHECKS, SCANS, type FindingRow, type HealthCheckRow, type ScanRow } from './types';

/**
 * BEYOND-4 / BEYOND-8 / ENT-1: the dev API's cookie scanner. One job (scan or health check) runs
 * at a time; the others wait in a FIFO queue. A scheduler (every minute, opt-in: SCANNER_SCHEDULE
 * for the CLI) queues the domains whose frequency says a scan is due. Results update the domain
 * (lastScanAt, cookiesFound, status) and the solution's triage inbox.
 */

export interface ScannerOptions {
  /** Chromium executable; default CHROMIUM_PATH, else `chromium` / `chromium-browser` on PATH. */
  chromiumPath?: string;
  /** Start page of a domain; `{domain}` is replaced. Default `https://{domain}/`. */
  baseUrl?: string;
  /** `--host-resolver-rules` value (`{domain}` replaced), e.g. `MAP * 127.0.0.1` in tests. */
  hostResolverRules?: string;
  /** Caps the pages per scan below the domain's scan depth (tests, small machines). */
  maxPages?: number;
  pageTimeoutMs?: number;
  timeLimitMs?: number;
  settleMs?: number;
  /** Run the frequency scheduler. Default: off (the CLI's SCANNER_SCHEDULE turns it on). */
  schedule?: boolean;
  scheduleIntervalMs?: number;
}

interface Job {
  kind: 'scan' | 'health';
  id: number;
}

const ACTIVE_STATUSES = new Set(['active', 'pending', 'error']);
const DAY_MS = 86_400_000;

const hostOf = (cookieDomain: string): string => cookieDomain.replace(/^\./, '').toLowerCase();
const belongsTo = (cookieDomain: string, canonical: string): boolean => {
  const host = hostOf(cookieDomain);
  return host === canonical || host.endsWith(`.${canonical}`);
};
const identity = (name: string, domain: string): string => `${name}\u0000${hostOf(domain)}`;

/** The answer to a scan or health check while no Chromium is found (503). */
export const scannerUnavailable = (): ApiError => new ApiError(503, [violation('error.backend.scanner_unavailable')]);

export const createScanner = (store: Store, now: () => Date, options: ScannerOptions = {}) => {
  const scans = (): ScanRow[] => store.rows<ScanRow>(SCANS);
  const healthChecks = (): HealthCheckRow[] => store.rows<HealthCheckRow>(HEALTH_CHECKS);
  const findings = (): FindingRow[] => store.rows<FindingRow>(FINDINGS);
  const executable = findChromium(options.chromiumPath ?? process.env.CHROMIUM_PATH);
  const baseUrl = options.baseUrl ?? 'https://{domain}/';
  const queue: Job[] = [];
  let running: Job | null = null;
  let inFlight: Promise<void> = Promise.resolve();
  let closed = false;
  const abort = new AbortController();
  let idleWaiters: (() => void)[] = [];

  // Jobs a previous process left unfinished never resume.
  let repaired = false;
  for (const row of [...scans(), ...healthChecks()]) {
    if (row.status === 'queued' || row.status === 'running') {
      Object.assign(row, { status: 'failed', failure: 'error', failureDetail: 'interrupted by a server restart', finishedAt: now().toISOString() });
      repaired = true;
    }
  }
  if (repaired) store.write();

  const solutionOf = (domain: Pick<DomainRow, 'consentSolutionId'>) => consentSolutionRows(store).find((s) => s.id === domain.consentSolutionId);
  const domainById = (id: number): DomainRow | undefined => domainRows(store).find((d) => d.id === id);

  const crawlOptions = (domain: DomainRow, mode: CrawlOptions['mode'], onProgress?: CrawlOptions['onProgress']): CrawlOptions => ({
    executablePath: executable as string,
    startUrl: baseUrl.replaceAll('{domain}', domain.canonicalDomain),
    canonicalDomain: domain.canonicalDomain,
    consentSolutionId: domain.consentSolutionId,
    consentVersion: solutionOf(domain)?.consentVersion ?? 1,
    extraArgs: options.hostResolverRules ? [`--host-resolver-rules=${options.hostResolverRules.replaceAll('{domain}', domain.canonicalDomain)}`] : [],
    maxPages: Math.min(domain.scanDepth, options.maxPages ?? Number.POSITIVE_INFINITY),
    pageTimeoutMs: options.pageTimeoutMs ?? 15_000,
    timeLimitMs: options.timeLimitMs ?? 5 * 60_000,
    settleMs: options.settleMs ?? 500,
    mode,
    now,
    onProgress,
    signal: abort.signal,
  });

  /** The solution's cookie list vs. what a scan found: the triage inbox's new findings. */
  const triage = (scan: ScanRow, domain: DomainRow): void => {
    const stamp = now().toISOString();
    const listed = cookieRows(store).filter((c) => c.consentSolutionId === scan.consentSolutionId);
    const byIdentity = new Map(listed.map((c) => [identity(c.name, c.domain), c]));
    const found = new Set(scan.cookies.map((c) => identity(c.name, c.domain)));
    // A new scan replaces the domain's open findings.
    const all = findings();
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
        add({ ...base, kind: 'new', cookieId: null, suggestedCategory: suggestCategory(cookie.name), changes: [] });
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
    for (const cookie of listed) {
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

  const setDomainOutcome = (domain: DomainRow, ok: boolean, cookiesFound?: number): void => {
    if (ACTIVE_STATUSES.has(domain.status)) domain.status = ok ? 'active' : 'error';
    if (ok) {
      domain.lastScanAt = now().toISOString();
      domain.cookiesFound = cookiesFound ?? 0;
    }
    const solution = solutionOf(domain);
    if (solution) syncSummary(store, solution);
  };

  const fail = (row: ScanRow | HealthCheckRow, error: unknown): void => {
    const crawlError = error instanceof CrawlError ? error : new CrawlError('error', error instanceof Error ? error.message : String(error));
    Object.assign(row, { status: 'failed', failure: crawlError.failure, failureDetail: crawlError.message.slice(0, 500), finishedAt: now().toISOString() });
  };

  const runScan = async (row: ScanRow): Promise<void> => {
    const domain = domainById(row.domainId);
    if (!domain) {
      fail(row, new CrawlError('error', 'domain removed'));
      return;
    }
    try {
      const result = await crawl(
        crawlOptions(domain, 'scan', (visited, planned) => {
          row.pagesVisited = visited;
          row.pagesPlanned = planned;
          store.write();
        }),
      );
      const current = domainById(row.domainId);
      Object.assign(row, {
        status: 'succeeded',
        cookies: result.cookies,
        pagesVisited: Math.max(row.pagesVisited, result.pagesVisited),
        finishedAt: now().toISOString(),
      });
      row.pagesPlanned = Math.max(row.pagesVisited, row.pagesPlanned);
      if (current) {
        setDomainOutcome(current, true, result.cookies.length);
        triage(row, current);
      }
    } catch (error) {
      fail(row, error);
      const current = domainById(row.domainId);
      if (current) setDomainOutcome(current, false);
    }
  };

  const runHealthCheck = async (row: HealthCheckRow): Promise<void> => {
    const domain = domainById(row.domainId);
    if (!domain) {
      fail(row, new CrawlError('error', 'domain removed'));
      return;
    }
    try {
      const result = await crawl(crawlOptions(domain, 'health'));
      const listed = new Map(
        cookieRows(store)
          .filter((c) => c.consentSolutionId === row.consentSolutionId)
          .map((c) => [identity(c.name, c.domain), c.category]),
      );
      const nonEssential = result.cookies
        .filter((c) => c.setBeforeConsent && (listed.get(identity(c.name, c.domain)) ?? suggestCategory(c.name)) !== 'necessary')
        .map((c) => c.name);
      Object.assign(row, {
        status: 'succeeded',
        ...result.checks,
        cookiesBeforeConsent: nonEssential,
        healthy: result.checks.scriptPresent && result.checks.loadedFirst && result.checks.bannerShown && nonEssential.length === 0,
        finishedAt: now().toISOString(),
      });
    } catch (error) {
      fail(row, error);
    }
  };

  const pump = (): void => {
    if (running || closed) return;
    const job = queue.shift();
    if (!job) {
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const resolve of waiters) resolve();
      return;
    }
    running = job;
    const row = job.kind === 'scan' ? scans().find((s) => s.id === job.id) : healthChecks().find((h) => h.id === job.id);
    if (!row) {
      running = null;
      pump();
      return;
    }
    Object.assign(row, { status: 'running', startedAt: now().toISOString() });
    store.write();
    const work = job.kind === 'scan' ? runScan(row as ScanRow) : runHealthCheck(row as HealthCheckRow);
    inFlight = work
      .catch((error: unknown) => fail(row, error))
      .finally(() => {
        running = null;
        if (!closed) store.write();
        pump();
      });
  };

  const pending = (rows: { domainId: number; status: string }[], domainId: number): boolean =>
    rows.some((r) => r.domainId === domainId && (r.status === 'queued' || r.status === 'running'));

  const jobBase = (domain: DomainRow) => ({
    accountId: domain.accountId,
    consentSolutionId: domain.consentSolutionId,
    domainId: domain.id,
    canonicalDomain: domain.canonicalDomain,
    status: 'queued' as const,
    failure: null,
    failureDetail: null,
    queuedAt: now().toISOString(),
    startedAt: null,
    finishedAt: null,
  });

  const enqueueScan = (domain: DomainRow, trigger: ScanRow['trigger']): ScanRow | undefined => {
    if (pending(scans(), domain.id)) return undefined;
    const row: ScanRow = {
      id: store.nextId(SCANS),
      ...jobBase(domain),
      trigger,
      pagesVisited: 0,
      pagesPlanned: Math.min(domain.scanDepth, options.maxPages ?? Number.POSITIVE_INFINITY) * 2,
      cookies: [],
    };
    scans().push(row);
    store.write();
    queue.push({ kind: 'scan', id: row.id });
    queueMicrotask(pump);
    return row;
  };

  const enqueueHealthCheck = (domain: DomainRow): HealthCheckRow | undefined => {
    if (pending(healthChecks(), domain.id)) return undefined;
    const row: HealthCheckRow = {
      id: store.nextId(HEALTH_CHECKS),
      ...jobBase(domain),
      url: baseUrl.replaceAll('{domain}', domain.canonicalDomain),
      scriptPresent: null,
      loadedFirst: null,
      bannerShown: null,
      snippet: null,
      cookiesBeforeConsent: [],
      healthy: null,
    };
    healthChecks().push(row);
    store.write();
    queue.push({ kind: 'health', id: row.id });
    queueMicrotask(pump);
    return row;
  };

  const latest = <R extends { domainId: number; id: number }>(rows: R[], domainId: number): R | null =>
    rows.filter((r) => r.domainId === domainId).reduce<R | null>((best, r) => (best === null || r.id > best.id ? r : best), null);

  /** ENT-1 frequency: queue every active domain whose last scan (attempt) is older than its frequency. */
  const tick = (): number => {
    if (!executable || closed) return 0;
    let queued = 0;
    const time = now().getTime();
    for (const domain of domainRows(store)) {
      if (domain.scanFrequency <= 0 || !ACTIVE_STATUSES.has(domain.status)) continue;
      const last = latest(scans(), domain.id);
      const lastAt = last ? Date.parse(last.queuedAt) : domain.lastScanAt ? Date.parse(domain.lastScanAt) : Number.NEGATIVE_INFINITY;
      if (time - lastAt < domain.scanFrequency * DAY_MS) continue;
      if (enqueueScan(domain, 'schedule')) queued += 1;
    }
    return queued;
  };

  // Off unless asked for: the CLI turns it on with SCANNER_SCHEDULE, tests enable it explicitly.
  const scheduleOn = options.schedule ?? false;
  const timer = scheduleOn && executable ? setInterval(tick, options.scheduleIntervalMs ?? 60_000) : undefined;
  timer?.unref();

  return {
    available: (): boolean => executable !== undefined,
    status: (): ScannerStatus => ({ available: executable !== undefined, running: running ? `${running.kind}:${running.id}` : null, queued: queue.length }),
    enqueueScan,
    enqueueHealthCheck,
    scansOf: (domainId: number): ScanRow[] =>
      scans()
        .filter((s) => s.domainId === domainId)
        .sort((a, b) => b.id - a.id),
    latestScan: (domainId: number): ScanRow | null => latest(scans(), domainId),
    latestHealthCheck: (domainId: number): HealthCheckRow | null => latest(healthChecks(), domainId),
    findings,
    tick,
    /** Resolves when the queue is empty and nothing runs (tests). */
    idle: (): Promise<void> => (running === null && queue.length === 0 ? Promise.resolve() : new Promise<void>((resolve) => idleWaiters.push(resolve))),
    /** Accepts open findings into the solution's cookie list; answers the cookies created or changed. */
    accept: (finding: FindingRow, category: CookieCategory | undefined): CookieRow | null => {
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
        const known = lookupCookie(finding.name);
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
    },
    close: async (): Promise<void> => {
      closed = true;
      if (timer) clearInterval(timer);
      queue.length = 0;
      abort.abort();
      await inFlight.catch(() => undefined);
      for (const resolve of idleWaiters) resolve();
      idleWaiters = [];
    },
  };
};

export type Scanner = ReturnType<typeof createScanner>;
