import { domainAddressGuard } from '../collections/domainAddressGuard';
import { Router } from 'express';
import type { z } from 'zod';
import {
  consentSolutionCreateSchema,
  consentSolutionUpdateSchema,
  splitConsentSolutionCreate,
  type ConsentSolutionCreate,
} from '../../src/schemas/consentSolution';
import { isPublicDomainType } from '../../src/schemas/domain';
import { can } from '../../src/shared/permissions';
import { getSession, requireSession, type Session } from '../auth/session';
import type { ServerContext } from '../context/context';
import { collectionRoutes, type CollectionDefinition } from '../collections/collectionRoutes';
import type { Feature } from '../context/feature';
import { CONSENT_SOLUTIONS, ownSolution, syncSummary } from '../data/consentSolutions';
import { domainRows, DOMAINS, newDomainRow } from '../data/domains';
import { domainRulesView, ruleFailure } from '../rules/domainRulesView';
import { owned } from '../guards/ownership';
import { notAllowed, permit, scopeOf } from '../guards/permissions';
import { ApiError, methodNotAllowed } from '../http/errors';
import { noQuery } from '../http/query';
import { parseOrThrow, parseUpdate } from '../http/validation';
import { checkDomainCreation, consentSolutionWithActiveDomainsRemoval } from '../rules/domainRules';
import { removeSolutionScripts } from '../cdn/cdnFiles';
import type { ConsentSolutionRow } from '../store/types';
import { seedSolutionTranslations } from '../seed/defaultTranslations';

/**
 * Consent solutions (docs/api.md "Consent solutions and domains", ENT-2, ROUTE-10/11/14): a
 * plain collection whose `q` searches the name and the public domains only, whose create also
 * writes its first domain and its starting texts, and whose `domains` summary is derived
 * server-side. Pushing for consent is an action.
 */

const PATH = '/consent-solutions';

/** Exact-match filters and sort keys of the list. */
const LIST_FIELDS: ReadonlySet<string> = new Set([
  'name',
  'defaultLanguage',
  'sharedConsent',
  'autoblocking',
  'consentVersion',
  'consentVersionAt',
  'createdAt',
  'updatedAt',
]);

/** ROUTE-10: the name or a public domain, never an alias (aliases are test sites). */
const matchesNameOrPublicDomain = (row: ConsentSolutionRow, needle: string): boolean =>
  row.name.toLowerCase().includes(needle) || row.domains.some((domain) => isPublicDomainType(domain.type) && domain.canonicalDomain.includes(needle));

/** The create form nests its first domain; the shared schema is flat. */
const CREATE_DOMAIN_KEYS = ['canonicalDomain', 'type', 'scanDepth', 'scanFrequency'] as const;
const isDomainKey = (key: string): boolean => (CREATE_DOMAIN_KEYS as readonly string[]).includes(key);
const createPath = (path: string): string => (isDomainKey(path.split('.')[0] ?? '') ? `domain.${path}` : path);

const flattenCreateBody = (body: Record<string, unknown>): Record<string, unknown> => {
  const flat = Object.fromEntries(Object.entries(body).filter(([key]) => key !== 'domain' && !isDomainKey(key)));
  const nested = body.domain;
  if (typeof nested === 'object' && nested !== null && !Array.isArray(nested)) {
    for (const key of CREATE_DOMAIN_KEYS) if (key in nested) flat[key] = (nested as Record<string, unknown>)[key];
  }
  return flat;
};

const UPDATE_KEYS = ['name', 'defaultLanguage', 'additionalLanguages', 'sharedConsent', 'autoblocking'] as const;

/** ROLE-1: turning shared consent on is an operation of its own in the matrix. */
const requireSharedConsentRole = (caller: Session): void => {
  if (!can(caller.roles, 'consentSolutions.sharedConsent', scopeOf(caller))) throw notAllowed(caller, 'consentSolutions.sharedConsent', 'sharedConsent');
};

type Creation = ReturnType<typeof splitConsentSolutionCreate>;

const consentSolutionCollection = (ctx: ServerContext): CollectionDefinition<ConsentSolutionRow, Creation, z.output<typeof consentSolutionUpdateSchema>> => ({
  name: CONSENT_SOLUTIONS,
  path: PATH,
  operations: { read: 'consentSolutions.read', write: 'consentSolutions.write', delete: 'consentSolutions.write' },
  own: (caller, id) => ownSolution(ctx.store, caller, id),
  list: { fields: LIST_FIELDS, matches: matchesNameOrPublicDomain },
  validate: {
    create: (body) => splitConsentSolutionCreate(parseOrThrow(consentSolutionCreateSchema, flattenCreateBody(body), createPath) as ConsentSolutionCreate),
    // The rules (languages unique, default not repeated) apply to the result, so validate the merge.
    update: (row, body) => parseUpdate(consentSolutionUpdateSchema, row, body, UPDATE_KEYS),
  },
  rules: {
    create: ({ consentSolution, domain }, caller) => {
      if (consentSolution.sharedConsent) requireSharedConsentRole(caller);
      const violations = checkDomainCreation(domainRulesView(ctx.store), { accountId: caller.accountId, canonicalDomain: domain.canonicalDomain });
      if (violations.length > 0) throw ruleFailure(violations.map((v) => ({ ...v, propertyPath: createPath(v.propertyPath) })));
      const now = ctx.now().toISOString();
      return { accountId: caller.accountId, ...consentSolution, consentVersion: 1, consentVersionAt: now, createdAt: now, updatedAt: now, domains: [] };
    },
    update: (row, next, caller) => {
      if (next.sharedConsent && !row.sharedConsent) requireSharedConsentRole(caller);
      return { ...next, updatedAt: ctx.now().toISOString() };
    },
    delete: (row) => {
      const violations = consentSolutionWithActiveDomainsRemoval(domainRulesView(ctx.store), row.id);
      if (violations.length > 0) throw new ApiError(409, violations);
    },
  },
  after: {
    // Every check passed before the solution was written: its first domain and texts cannot
    // fail and land in the same tick (both rows or neither, ROUTE-11).
    create: (solution, { domain }, caller) => {
      domainRows(ctx.store).push({ id: ctx.store.nextId(DOMAINS), ...newDomainRow(solution, domain, caller.user.email, solution.createdAt) });
      syncSummary(ctx.store, solution);
      seedSolutionTranslations(ctx.store, solution, solution.createdAt);
    },
    // I18N-2: a language added later starts with its default texts too (a customer's text stays).
    update: (solution) => {
      seedSolutionTranslations(ctx.store, solution, solution.updatedAt);
    },
    // SEC-2: its switched-off domains (with their scans), texts, cookies, pop-up settings and
    // publications went with it; its banner stops being served and its consent records and
    // figures go too (LOG-1).
    delete: async (solution) => {
      removeSolutionScripts(ctx.store.file, solution.id);
      await ctx.consentLog.forgetSolution(solution.id);
    },
  },
});

/** ROUTE-14: every visitor is asked for consent again. */
const consentSolutionActions = (ctx: ServerContext): Router => {
  const router = Router();
  const session = requireSession(ctx.store, ctx.now);
  const action = `${PATH}/:id/push-for-consent`;

  const own = owned((caller, id) => ownSolution(ctx.store, caller, id));

  router.post(action, session, noQuery, own, permit('consentSolutions.write'), (req, res) => {
    const row = ownSolution(ctx.store, getSession(req), req.params.id);
    const now = ctx.now().toISOString();
    Object.assign(row, { consentVersion: row.consentVersion + 1, consentVersionAt: now, updatedAt: now });
    ctx.store.write();
    res.json({ consentVersion: row.consentVersion, consentVersionAt: row.consentVersionAt });
  });

  router.all(action, session, methodNotAllowed);

  return router;
};

export const consentSolutionsFeature: Feature = {
  name: 'consent-solutions',
  routes: (ctx, { bridge, scanner }) => [
    domainAddressGuard(ctx, scanner, PATH, (body) => (body.domain as Record<string, unknown> | undefined)?.canonicalDomain, 'domain.canonicalDomain'),
    collectionRoutes(ctx, bridge, consentSolutionCollection(ctx)),
    consentSolutionActions(ctx),
  ],
};
