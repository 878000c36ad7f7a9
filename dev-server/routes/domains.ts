import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import { domainCreateSchema, domainUpdateSchema } from '../../src/schemas/domain';
import { getSession, requireSession } from '../auth/session';
import type { ServerContext } from '../context';
import { acceptBody } from '../http/bodyParsers';
import { ApiError } from '../http/errors';
import { checkDomainCreation, immutableDomainFields, lastPublicDomainRemoval } from '../rules/domainRules';
import { removeRow } from '../store/cascade';
import type { DomainRow } from '../store/types';
import { consentData, DOMAINS, newDomainRow, noQuery, parseOrThrow, requireWrite, ruleFailure, type ConsentData } from './consentData';
import { sendList } from './listRows';

/**
 * Domains (docs/api.md "Consent solutions and domains", ENT-1, ROUTE-16): one flat collection,
 * filtered by `consentSolutionId`. Every change re-derives the parent solution's `domains`
 * summary in the same synchronous step.
 */

const PATH = '/domains';
const ITEM = `${PATH}/:id`;

const LIST_FIELDS: ReadonlySet<string> = new Set([
  'consentSolutionId',
  'canonicalDomain',
  'type',
  'status',
  'defaultLanguage',
  'scanDepth',
  'scanFrequency',
  'createdAt',
  'createdBy',
  'updatedAt',
  'lastScanAt',
  'cookiesFound',
]);

const createSchema = domainCreateSchema.extend({
  consentSolutionId: z.union([z.number().int().positive(), z.string().regex(/^\d{1,15}$/)], { error: 'validation.required' }),
});

const UPDATE_KEYS = ['defaultLanguage', 'scanDepth', 'scanFrequency'] as const;

export const domainRoutes = (ctx: ServerContext): Router => {
  const router = Router();
  const data: ConsentData = consentData(ctx.store);
  const session = requireSession(ctx.store, ctx.now);
  const body = acceptBody({ json: true });

  const writable: RequestHandler = (req, _res, next) => {
    requireWrite(getSession(req));
    next();
  };
  const ownWritable: RequestHandler = (req, _res, next) => {
    const caller = getSession(req);
    data.ownDomain(caller, req.params.id);
    requireWrite(caller);
    next();
  };
  const resync = (domain: Pick<DomainRow, 'consentSolutionId'>): void => {
    const solution = data.solutions().find((s) => s.id === domain.consentSolutionId);
    if (solution) data.syncSummary(solution);
  };

  router.get(PATH, session, (req, res) => {
    const caller = getSession(req);
    sendList(ctx.store, req, res, `${DOMAINS}:${caller.accountId}`, data.domains, {
      fields: LIST_FIELDS,
      scope: (row) => row.accountId === caller.accountId,
      matches: (row, needle) => row.canonicalDomain.includes(needle),
    });
  });

  router.post(PATH, session, noQuery, writable, body, (req, res) => {
    const caller = getSession(req);
    const input = parseOrThrow(createSchema, req.body);
    // Another account's solution answers like a missing one (ROLE-3).
    const solution = data.ownSolution(caller, String(input.consentSolutionId));
    const violations = checkDomainCreation(data.rulesView(), { accountId: caller.accountId, canonicalDomain: input.canonicalDomain });
    if (violations.length > 0) throw ruleFailure(violations);

    const domain = newDomainRow(data.nextId(DOMAINS), solution, input, caller, ctx.now().toISOString());
    data.domains().push(domain);
    data.syncSummary(solution);
    data.write();
    res.status(201).location(`${PATH}/${domain.id}`).json(structuredClone(domain));
  });

  router.all(PATH, session, () => {
    throw new ApiError(405, 'error.backend.method_not_allowed');
  });

  router.get(ITEM, session, noQuery, (req, res) => {
    res.json(structuredClone(data.ownDomain(getSession(req), req.params.id)));
  });

  // PUT behaves as PATCH (react-admin's json-server provider updates with PUT and the whole record).
  const update: RequestHandler = (req, res) => {
    const row = data.ownDomain(getSession(req), req.params.id);
    const raw = req.body as Record<string, unknown>;
    // Checked on the raw body: the update schema strips these keys and would hide the attempt.
    const immutable = immutableDomainFields(row, raw);
    if (immutable.length > 0) throw new ApiError(400, immutable);
    const candidate: Record<string, unknown> = { defaultLanguage: row.defaultLanguage, scanDepth: row.scanDepth, scanFrequency: row.scanFrequency };
    for (const key of UPDATE_KEYS) if (Object.hasOwn(raw, key)) candidate[key] = raw[key];
    const next = parseOrThrow(domainUpdateSchema, candidate);
    Object.assign(row, next, { updatedAt: ctx.now().toISOString() });
    data.write();
    res.json(structuredClone(row));
  };
  router.patch(ITEM, session, noQuery, ownWritable, body, update);
  router.put(ITEM, session, noQuery, ownWritable, body, update);

  router.delete(ITEM, session, noQuery, ownWritable, (req, res) => {
    const row = data.ownDomain(getSession(req), req.params.id);
    const violations = lastPublicDomainRemoval(data.rulesView(), row.id);
    if (violations.length > 0) throw new ApiError(409, violations);
    // SEC-2: its scans, findings and health checks go with it, in the same write.
    removeRow(ctx.store, DOMAINS, row.id);
    resync(row);
    data.write();
    res.status(204).end();
  });

  router.all(ITEM, session, () => {
    throw new ApiError(405, 'error.backend.method_not_allowed');
  });

  return router;
};
