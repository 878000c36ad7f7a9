import { Router, type RequestHandler } from 'express';
import {
  consentSolutionCreateSchema,
  consentSolutionUpdateSchema,
  splitConsentSolutionCreate,
} from '../../src/schemas/consentSolution';
import { isPublicDomainType } from '../../src/schemas/domain';
import { getSession, requireSession, type Session } from '../auth/session';
import type { ServerContext } from '../context';
import { hasRole } from '../guards/roles';
import { acceptBody } from '../http/bodyParsers';
import { ApiError, asyncHandler } from '../http/errors';
import { checkDomainCreation, consentSolutionWithActiveDomainsRemoval } from '../rules/domainRules';
import { removeSolutionScripts } from '../banner/cdnFiles';
import { removeRow } from '../store/cascade';
import type { ConsentSolutionRow } from '../store/types';
import {
  apiViolation,
  consentData,
  CONSENT_SOLUTIONS,
  DOMAINS,
  newDomainRow,
  noQuery,
  parseOrThrow,
  requireWrite,
  ruleFailure,
  type ConsentData,
} from './consentData';
import { sendList } from './listRows';
import { seedSolutionTranslations } from './solutionContent';

/**
 * Consent solutions (docs/api.md "Consent solutions and domains", ENT-2, ROUTE-10/11/14).
 * Hand-written rather than a scoped json-server collection: `q` must search only the name and
 * the public domains, a create writes two collections at once, and the `domains` summary is
 * derived server-side.
 */

const PATH = '/consent-solutions';
const ITEM = `${PATH}/:id`;

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
  row.name.toLowerCase().includes(needle) ||
  row.domains.some((domain) => isPublicDomainType(domain.type) && domain.canonicalDomain.includes(needle));

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

/** ROLE-1: turning shared consent on is reserved to these roles. */
const requireSharedConsentRole = (session: Session): void => {
  if (!hasRole(session, 'ROLE_UNIVERSAL_CONSENT_SOLUTIONS') && !hasRole(session, 'ROLE_ADMIN')) {
    throw new ApiError(403, [apiViolation('error.backend.permission_denied', 'sharedConsent')]);
  }
};

export const consentSolutionRoutes = (ctx: ServerContext): Router => {
  const router = Router();
  const data: ConsentData = consentData(ctx.store);
  const session = requireSession(ctx.store, ctx.now);
  const body = acceptBody({ json: true });
  const nowIso = (): string => ctx.now().toISOString();

  const writable: RequestHandler = (req, _res, next) => {
    requireWrite(getSession(req));
    next();
  };
  /** 404 before 403 before the body is read, as for the scoped collections. */
  const ownWritable: RequestHandler = (req, _res, next) => {
    const caller = getSession(req);
    data.ownSolution(caller, req.params.id);
    requireWrite(caller);
    next();
  };

  router.get(PATH, session, (req, res) => {
    const caller = getSession(req);
    sendList(ctx.store, req, res, `${CONSENT_SOLUTIONS}:${caller.accountId}`, data.solutions, {
      fields: LIST_FIELDS,
      scope: (row) => row.accountId === caller.accountId,
      matches: matchesNameOrPublicDomain,
    });
  });

  router.post(PATH, session, noQuery, writable, body, (req, res) => {
    const caller = getSession(req);
    const input = parseOrThrow(consentSolutionCreateSchema, flattenCreateBody(req.body as Record<string, unknown>), createPath);
    const { consentSolution, domain } = splitConsentSolutionCreate(input);
    if (consentSolution.sharedConsent) requireSharedConsentRole(caller);
    const violations = checkDomainCreation(data.rulesView(), { accountId: caller.accountId, canonicalDomain: domain.canonicalDomain });
    if (violations.length > 0) throw ruleFailure(violations.map((v) => ({ ...v, propertyPath: createPath(v.propertyPath) })));

    // Every check passed. From here on nothing can fail, and it all runs in this one tick:
    // both rows or neither (ROUTE-11).
    const now = nowIso();
    const solution: ConsentSolutionRow = {
      id: data.nextId(CONSENT_SOLUTIONS),
      accountId: caller.accountId,
      ...consentSolution,
      consentVersion: 1,
      consentVersionAt: now,
      createdAt: now,
      updatedAt: now,
      domains: [],
    };
    const firstDomain = newDomainRow(data.nextId(DOMAINS), solution, domain, caller, now);
    data.solutions().push(solution);
    data.domains().push(firstDomain);
    data.syncSummary(solution);
    seedSolutionTranslations(ctx.store, solution, now);
    data.write();
    res.status(201).location(`${PATH}/${solution.id}`).json(structuredClone(solution));
  });

  router.all(PATH, session, () => {
    throw new ApiError(405, 'error.backend.method_not_allowed');
  });

  router.get(ITEM, session, noQuery, (req, res) => {
    res.json(structuredClone(data.ownSolution(getSession(req), req.params.id)));
  });

  // PUT is PATCH here: react-admin's json-server provider updates with PUT and the whole record.
  const update: RequestHandler = (req, res) => {
    const caller = getSession(req);
    const row = data.ownSolution(caller, req.params.id);
    const raw = req.body as Record<string, unknown>;
    // The rules (languages unique, default not repeated) apply to the result, so validate the merge.
    const candidate: Record<string, unknown> = {
      name: row.name,
      defaultLanguage: row.defaultLanguage,
      additionalLanguages: row.additionalLanguages,
      sharedConsent: row.sharedConsent,
      autoblocking: row.autoblocking,
    };
    for (const key of UPDATE_KEYS) if (Object.hasOwn(raw, key)) candidate[key] = raw[key];
    const next = parseOrThrow(consentSolutionUpdateSchema, candidate);
    if (next.sharedConsent && !row.sharedConsent) requireSharedConsentRole(caller);
    Object.assign(row, next, { updatedAt: nowIso() });
    data.write();
    res.json(structuredClone(row));
  };
  router.patch(ITEM, session, noQuery, ownWritable, body, update);
  router.put(ITEM, session, noQuery, ownWritable, body, update);

  router.delete(
    ITEM,
    session,
    noQuery,
    ownWritable,
    asyncHandler(async (req, res) => {
    const row = data.ownSolution(getSession(req), req.params.id);
    const violations = consentSolutionWithActiveDomainsRemoval(data.rulesView(), row.id);
    if (violations.length > 0) throw new ApiError(409, violations);
    // SEC-2: its switched-off domains (with their scans), texts, cookies, pop-up settings and
    // publications go with it in one write; its banner stops being served from that moment.
    removeRow(ctx.store, CONSENT_SOLUTIONS, row.id);
    data.write();
    removeSolutionScripts(ctx.store.file, row.id);
    // Its consent records and figures go with it (LOG-1).
    await ctx.consentLog.forgetSolution(row.id);
    res.status(204).end();
    }),
  );

  router.all(ITEM, session, () => {
    throw new ApiError(405, 'error.backend.method_not_allowed');
  });

  /** ROUTE-14: every visitor is asked for consent again. */
  router.post(`${ITEM}/push-for-consent`, session, noQuery, ownWritable, (req, res) => {
    const row = data.ownSolution(getSession(req), req.params.id);
    const now = nowIso();
    Object.assign(row, { consentVersion: row.consentVersion + 1, consentVersionAt: now, updatedAt: now });
    data.write();
    res.json({ consentVersion: row.consentVersion, consentVersionAt: row.consentVersionAt });
  });

  router.all(`${ITEM}/push-for-consent`, session, () => {
    throw new ApiError(405, 'error.backend.method_not_allowed');
  });

  return router;
};
