import type { ComplianceReport, DailyRow, ReportScan } from '../../src/schemas/consentRecord';
import { CONSENT_CATEGORIES } from '../../src/schemas/template';
import { cookieRows } from '../data/cookies';
import { PUBLICATIONS } from '../cdn/templateData';
import type { PublicationRow } from '../cdn/types';
import type { ConsentLog } from '../consent-log/consentLog';
import type { Store } from '../store/store';
import type { Row } from '../store/types';
import { RECORD_ACTIONS, type RecordAction } from '../consent-log/consentRecord';
import { domainRows } from '../data/domains';
import { COMPLIANCE_FINDING_KINDS } from '../../src/schemas/scanner';

/**
 * The compliance report (BEYOND-3, ROUTE-6): computed on request from the consent log's daily
 * roll-ups (LOG-3: SQL, never a scan of the records), the cookies and, when the scanner keeps
 * one, the scan history (collection `scans`; else the domains' last scans). Days are UTC
 * calendar days of the decision, `YYYY-MM-DD`.
 */

const OPT_IN_CATEGORIES = CONSENT_CATEGORIES.filter((c) => c !== 'necessary');

interface ReportQuery {
  accountId: number;
  consentSolutionId: number | null;
  /** Inclusive days. */
  from: string;
  to: string;
}

type ActionCounts = Record<RecordAction, number>;
type Rates = DailyRow['optIn'];

const dayOf = (iso: string): string => iso.slice(0, 10);

const addDays = (day: string, days: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const zeroCounts = (): ActionCounts => Object.fromEntries(RECORD_ACTIONS.map((a) => [a, 0])) as ActionCounts;

const rates = (accepted: Record<string, number>, decisions: number): Rates =>
  Object.fromEntries(OPT_IN_CATEGORIES.map((c) => [c, decisions === 0 ? null : Math.round(((accepted[c] ?? 0) / decisions) * 1000) / 1000]));

interface ScanLike {
  accountId?: unknown;
  consentSolutionId?: unknown;
  domainId?: unknown;
  domain?: unknown;
  canonicalDomain?: unknown;
  finishedAt?: unknown;
  startedAt?: unknown;
  createdAt?: unknown;
  cookiesFound?: unknown;
  cookies?: unknown;
  status?: unknown;
}

/**
 * The scanner's history (collection `scans`, dev-server/scanner/types.ts) when it has any, read
 * defensively (another module owns its shape); else the domains' last scans (the seed's).
 */
const scanHistory = (store: Store, query: ReportQuery): ReportScan[] => {
  const domains = domainRows(store).filter(
    (d) => d.accountId === query.accountId && (query.consentSolutionId === null || d.consentSolutionId === query.consentSolutionId),
  );
  const byId = new Map(domains.map((d) => [d.id, d]));
  const raw = store.rows<Row & ScanLike>('scans');
  const compliance = new Map<unknown, number>();
  for (const f of store.rows<Row & { scanId?: unknown; kind?: unknown }>('scanFindings'))
    if (COMPLIANCE_FINDING_KINDS.some((kind) => kind === f.kind)) compliance.set(f.scanId, (compliance.get(f.scanId) ?? 0) + 1);
  const rows: ReportScan[] = [];
  if (raw.length > 0) {
    for (const scan of raw) {
      const domain = typeof scan.domainId === 'number' ? byId.get(scan.domainId) : undefined;
      const ownSolution = typeof scan.consentSolutionId === 'number' && domains.some((d) => d.consentSolutionId === scan.consentSolutionId);
      if (!domain && !(ownSolution && scan.accountId === query.accountId)) continue;
      const at = [scan.finishedAt, scan.startedAt, scan.createdAt].find((v): v is string => typeof v === 'string');
      // Only finished scans (dev-server/scanner: status queued | running | succeeded | failed).
      if (at === undefined || (scan.status !== undefined && scan.status !== 'succeeded')) continue;
      const name = domain?.canonicalDomain ?? [scan.canonicalDomain, scan.domain].find((v): v is string => typeof v === 'string') ?? '';
      const found = typeof scan.cookiesFound === 'number' ? scan.cookiesFound : Array.isArray(scan.cookies) ? scan.cookies.length : 0;
      rows.push({ date: dayOf(at), domain: name, cookiesFound: found, complianceFindings: compliance.get(scan.id) ?? 0 });
    }
  } else {
    for (const d of domains)
      if (d.lastScanAt) rows.push({ date: dayOf(d.lastScanAt), domain: d.canonicalDomain, cookiesFound: d.cookiesFound, complianceFindings: 0 });
  }
  return rows.filter((r) => r.date >= query.from && r.date <= query.to).sort((a, b) => a.date.localeCompare(b.date) || a.domain.localeCompare(b.domain));
};

export const complianceReport = async (store: Store, log: ConsentLog, query: ReportQuery): Promise<ComplianceReport> => {
  const days = new Map<string, { counts: ActionCounts; accepted: Record<string, number>; underGpc: number }>();
  for (let day = query.from; day <= query.to; day = addDays(day, 1)) days.set(day, { counts: zeroCounts(), accepted: {}, underGpc: 0 });
  const totals = { counts: zeroCounts(), accepted: {} as Record<string, number>, underGpc: 0 };
  for (const figures of await log.daily(query.accountId, query.consentSolutionId, query.from, query.to)) {
    const bucket = days.get(figures.day);
    if (!bucket) continue;
    for (const target of [bucket, totals]) {
      for (const action of RECORD_ACTIONS) target.counts[action] += figures.counts[action];
      target.underGpc += figures.underGpc;
      for (const [category, n] of Object.entries(figures.accepted)) target.accepted[category] = (target.accepted[category] ?? 0) + n;
    }
  }
  const sum = (counts: ActionCounts): number => RECORD_ACTIONS.reduce((n, a) => n + counts[a], 0);
  const cookies = cookieRows(store).filter(
    (c) => c.accountId === query.accountId && (query.consentSolutionId === null || c.consentSolutionId === query.consentSolutionId),
  );
  return {
    consentSolutionId: query.consentSolutionId,
    from: query.from,
    to: query.to,
    totals: { ...totals.counts, decisions: sum(totals.counts), underGpc: totals.underGpc, optIn: rates(totals.accepted, sum(totals.counts)) },
    daily: [...days].map(([date, { counts, accepted, underGpc }]) => ({
      date,
      ...counts,
      decisions: sum(counts),
      underGpc,
      optIn: rates(accepted, sum(counts)),
    })),
    cookiesByCategory: [...CONSENT_CATEGORIES, 'unclassified'].map((category) => ({ category, count: cookies.filter((c) => c.category === category).length })),
    scans: scanHistory(store, query),
  };
};

/**
 * What the onboarding guide ticks (ROUTE-5), from real data: the account's first website, then
 * one solution's (the one asked for, else the one the guide leads to) publish and installation
 * (PROMISE-5: that solution's own consent records, or a health check of one of its domains that
 * found its script).
 */
export const onboardingState = async (
  store: Store,
  log: ConsentLog,
  accountId: number,
  { consentSolutionId, scriptFound }: { consentSolutionId: number | null; scriptFound: (domainId: number) => boolean },
) => {
  const websites = domainRows(store).filter((d) => d.accountId === accountId && d.type === 'website');
  const publications = store.rows<PublicationRow>(PUBLICATIONS).filter((p) => p.accountId === accountId);
  const solutionId = consentSolutionId ?? publications[0]?.consentSolutionId ?? websites[0]?.consentSolutionId ?? null;
  const foundOnDomain = domainRows(store).some((d) => d.consentSolutionId === solutionId && scriptFound(d.id));
  return {
    websiteAdded: websites.length > 0,
    templatePublished: publications.some((p) => p.consentSolutionId === solutionId),
    scriptInstalled: solutionId !== null && (foundOnDomain || (await log.hasRecords(solutionId))),
    consentSolutionId: solutionId,
  };
};
