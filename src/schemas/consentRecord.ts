import type { RegionRule } from './privacyStandards';

/**
 * The wire types of consent records and reports (docs/api.md "Consent records and reports",
 * CONST-2, BEYOND-3, BEYOND-9, ROUTE-5, ROUTE-6).
 */

/** STD-4: the rule that applied, then the US state it applied in when the CDN told (`opt-out US-CA`). */
export type RecordRegionRule = RegionRule | `${RegionRule} US-${string}`;

/** What a visitor did; `opt-out` and `gpc` come from the privacy standards (STD-3, STD-4). */
export const RECORD_ACTIONS = ['accept', 'decline', 'save', 'shared', 'opt-out', 'gpc'] as const;
export type RecordAction = (typeof RECORD_ACTIONS)[number];

/** `GET /consent-records/{id}`: the public proof of one decision; no account internals. */
export interface ConsentRecord {
  /** Random UUID. */
  id: string;
  consentSolutionId: number;
  consentSolutionName: string | null;
  /** The visitor's anonymous id (the banner's cookie keeps it). */
  anonymousId: string;
  action: RecordAction;
  /** Accepted categories; `necessary` always among them. */
  categories: string[];
  consentVersion: number;
  /** When the visitor decided (the browser's clock, bounded by the server's). */
  decidedAt: string;
  /** When the API received it (the server's clock). */
  receivedAt: string;
  /** The site's host name (from the request's Origin). */
  domain: string;
  language: string | null;
  /** TCF-2: the TC string of the decision (null without TCF). */
  tcString: string | null;
  /** Decided under the browser's Global Privacy Control signal. */
  gpc: boolean;
  /** The region rule that applied, with a US visitor's state when known (never the visitor's address). */
  regionRule: RecordRegionRule;
  /** PROMISE-2: it replaces a decision in force (a withdrawal or any other change)… */
  change: boolean;
  /** …this record, when the banner knew its id. */
  replaces: string | null;
  /** STD-13: the IAB GPP string where GPP applied (null otherwise). */
  gppString: string | null;
  /** STD-13: the GPP section ids in force, e.g. [8] for California's (null without GPP). */
  gppSid: number[] | null;
  /** STD-14: Google's Additional Consent string (null without it). */
  acString: string | null;
}

type ActionCounts = Record<RecordAction, number>;
/** Share of the decisions accepting each optional category (0-1), null without decisions. */
type OptInRates = Record<string, number | null>;

export interface DailyRow extends ActionCounts {
  /** UTC calendar day of the decisions, `YYYY-MM-DD`. */
  date: string;
  decisions: number;
  /** STD-3: decisions made under the browser's Global Privacy Control signal. */
  underGpc: number;
  optIn: OptInRates;
}

export interface ReportScan {
  date: string;
  domain: string;
  cookiesFound: number;
  /** SCAN-4: what the scan found happening without consent (its compliance findings in the triage inbox). */
  complianceFindings: number;
}

/** `GET /reports/compliance?consentSolutionId&from&to` (the URL `GET /reports/embed` names). */
export interface ComplianceReport {
  consentSolutionId: number | null;
  from: string;
  to: string;
  totals: ActionCounts & { decisions: number; underGpc: number; optIn: OptInRates };
  daily: DailyRow[];
  cookiesByCategory: { category: string; count: number }[];
  scans: ReportScan[];
}

/** What a report covers: one consent solution or all (null), inclusive days. */
export interface ReportFilter {
  consentSolutionId: number | null;
  from: string;
  to: string;
}

/** LOG-3: `GET /consent-records/export?format`: CSV, or JSON Lines (one record per line). */
export const RECORD_EXPORT_FORMATS = ['csv', 'jsonl'] as const;
export type RecordExportFormat = (typeof RECORD_EXPORT_FORMATS)[number];

/** LOG-4: `GET`/`PUT /consent-retention`: how many days the account keeps its records. */
export interface ConsentRetention {
  days: number;
  defaultDays: number;
  minDays: number;
  maxDays: number;
}

/** `GET /reports/onboarding` (ROUTE-5): the first steps, done or not. */
export interface OnboardingState {
  websiteAdded: boolean;
  templatePublished: boolean;
  scriptInstalled: boolean;
  consentSolutionId: number | null;
}
