import { domainAddressGuard } from '../collections/domainAddressGuard';
import { z } from 'zod';
import { domainCreateSchema, domainUpdateSchema } from '../../src/schemas/domain';
import type { ServerContext } from '../context/context';
import { collectionRoutes, type CollectionDefinition } from '../collections/collectionRoutes';
import type { Feature } from '../context/feature';
import { consentSolutionRows, ownSolution, syncSummary } from '../data/consentSolutions';
import { DOMAINS, newDomainRow, ownDomain } from '../data/domains';
import { domainAnswer } from '../rules/domainAnswer';
import { domainRulesView, ruleFailure } from '../rules/domainRulesView';
import { ApiError } from '../http/errors';
import { parseOrThrow, parseUpdate } from '../http/validation';
import { checkDomainCreation, immutableDomainFields, lastPublicDomainRemoval } from '../rules/domainRules';
import type { ConsentSolutionRow, DomainRow } from '../store/types';

/**
 * Domains (docs/api.md "Consent solutions and domains", ENT-1, ROUTE-16): a plain collection,
 * filtered by `consentSolutionId`. Every change re-derives the parent solution's `domains`
 * summary in the same synchronous step.
 */

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

interface DomainCreation {
  solution: ConsentSolutionRow;
  input: z.output<typeof createSchema>;
}

const domainCollection = (ctx: ServerContext): CollectionDefinition<DomainRow, DomainCreation, z.output<typeof domainUpdateSchema>> => {
  const resync = (domain: Pick<DomainRow, 'consentSolutionId'>): void => {
    const solution = consentSolutionRows(ctx.store).find((s) => s.id === domain.consentSolutionId);
    if (solution) syncSummary(ctx.store, solution);
  };
  return {
    name: DOMAINS,
    path: '/domains',
    operations: { read: 'domains.read', write: 'domains.write', delete: 'domains.delete' },
    own: (caller, id) => ownDomain(ctx.store, caller, id),
    list: { fields: LIST_FIELDS, matches: (row, needle) => row.canonicalDomain.includes(needle) },
    answer: (row, caller) => domainAnswer(ctx.store, row, caller, ctx.now()),
    validate: {
      create: (body, caller) => {
        const input = parseOrThrow(createSchema, body);
        // Another account's solution answers like a missing one (ROLE-3).
        return { input, solution: ownSolution(ctx.store, caller, String(input.consentSolutionId)) };
      },
      update: (row, body) => {
        // Checked on the raw body: the update schema strips these keys and would hide the attempt.
        const immutable = immutableDomainFields(row, body);
        if (immutable.length > 0) throw new ApiError(400, immutable);
        return parseUpdate(domainUpdateSchema, row, body, UPDATE_KEYS);
      },
    },
    rules: {
      create: ({ input, solution }, caller) => {
        const violations = checkDomainCreation(domainRulesView(ctx.store), { accountId: caller.accountId, canonicalDomain: input.canonicalDomain });
        if (violations.length > 0) throw ruleFailure(violations);
        return newDomainRow(solution, input, caller.user.email, ctx.now().toISOString());
      },
      update: (_row, next) => ({ ...next, updatedAt: ctx.now().toISOString() }),
      delete: (row) => {
        const violations = lastPublicDomainRemoval(domainRulesView(ctx.store), row.id);
        if (violations.length > 0) throw new ApiError(409, violations);
      },
    },
    // SEC-2: a deleted domain's scans, findings and health checks went with it.
    after: { create: resync, delete: resync },
  };
};

export const domainsFeature: Feature = {
  name: 'domains',
  routes: (ctx, { bridge, scanner }) => [
    domainAddressGuard(ctx, scanner, '/domains', (body) => body.canonicalDomain, 'canonicalDomain'),
    collectionRoutes(ctx, bridge, domainCollection(ctx)),
  ],
};
