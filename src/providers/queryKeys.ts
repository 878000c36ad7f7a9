import type { Identifier } from 'ra-core';
import type { ReportFilter } from '../schemas/consentRecord';

/**
 * Every query key the app builds outside react-admin's own resource hooks, in one module, so
 * an invalidation after a write names exactly the key of the query it refreshes. One group per
 * feature; each key starts with its group's `all` so `invalidateQueries({ queryKey: all })`
 * refreshes the whole group.
 */
const id = (value: Identifier): string => String(value);

export const queryKeys = {
  /** react-admin's own keys of a resource start with its name: this refreshes all of them. */
  consentSolutions: {
    all: ['consent-solutions'] as const,
    /** react-admin's key of one record (`useGetOne`, which the detail's `ShowBase` reads). */
    record: (solutionId: Identifier) => ['consent-solutions', 'getOne', { id: id(solutionId) }] as const,
  },
  cookies: { all: ['cookies'] as const },
  pricing: { all: ['pricing'] as const },
  /** react-admin's keys of the `popup-templates` resource (lists and records). */
  popupTemplates: { all: ['popup-templates'] as const },
  privacyStandards: { solution: (solutionId: Identifier) => ['privacy-standards', id(solutionId)] as const },
  popup: {
    all: ['popup'] as const,
    state: (solutionId: Identifier) => ['popup', 'state', id(solutionId)] as const,
    content: (solutionId: Identifier, language: string | undefined) => ['popup', 'content', id(solutionId), language ?? 'default'] as const,
    publications: (solutionId: Identifier) => ['popup', 'publications', id(solutionId)] as const,
    publishStatus: (solutionId: Identifier) => ['popup', 'publish-status', id(solutionId)] as const,
    versions: (templateId: Identifier) => ['popup', 'versions', id(templateId)] as const,
    diff: (templateId: Identifier, from: number, to: number) => ['popup', 'diff', id(templateId), from, to] as const,
  },
  tcf: {
    all: ['tcf'] as const,
    vendorList: (language: string) => ['tcf', 'vendor-list', language] as const,
    vendors: (q: string, page: number) => ['tcf', 'vendors', q, page] as const,
    acProviders: (q: string, page: number) => ['tcf', 'ac-providers', q, page] as const,
    chosen: (ids: readonly number[]) => ['tcf', 'chosen', ids.join(',')] as const,
    state: (solutionId: Identifier) => ['tcf', 'state', id(solutionId)] as const,
  },
  scanner: {
    all: ['scanner'] as const,
    status: ['scanner', 'status'] as const,
    scans: (solutionId: Identifier) => ['scanner', 'scans', id(solutionId)] as const,
    /** Every solution's health checks: a check started on one domain refreshes them all. */
    healthChecks: ['scanner', 'health-checks'] as const,
    solutionHealthChecks: (solutionId: Identifier) => ['scanner', 'health-checks', id(solutionId)] as const,
    findings: (solutionId: Identifier) => ['scanner', 'findings', id(solutionId)] as const,
  },
  reports: {
    all: ['reports'] as const,
    compliance: (filter: ReportFilter) => ['reports', 'compliance', filter] as const,
    onboarding: (consentSolutionId?: number | string) => ['reports', 'onboarding', consentSolutionId ?? null] as const,
    record: (recordId: string | undefined) => ['reports', 'consent-record', recordId ?? ''] as const,
    recentRecords: ['reports', 'consent-records', 'recent'] as const,
    retention: ['reports', 'consent-retention'] as const,
  },
  /** `GET /accounts/{id}` (ST-3). */
  account: {
    all: ['account'] as const,
    one: (accountId: number | undefined) => ['account', accountId] as const,
  },
  /** `GET /subscriptions`, its quotes, change previews and invoices (PAY-1). */
  subscription: {
    all: ['subscription'] as const,
    quote: (request: unknown) => ['subscription', 'quote', request] as const,
    preview: (request: unknown) => ['subscription', 'preview', request] as const,
    invoices: ['subscription', 'invoices'] as const,
  },
  /** One solution's texts: each language, and the completeness matrix. */
  translations: {
    all: ['translations'] as const,
    ofSolution: (solutionId: unknown) => ['translations', String(solutionId)] as const,
    language: (solutionId: unknown, language: string) => ['translations', String(solutionId), 'language', language] as const,
    completeness: (solutionId: unknown) => ['translations', String(solutionId), 'completeness'] as const,
  },
} as const;
