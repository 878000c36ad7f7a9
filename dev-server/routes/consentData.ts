import type { RequestHandler } from 'express';
import type { z } from 'zod';
import type { DomainCreate } from '../../src/schemas/domain';
import type { Violation } from '../../src/shared/violations';
import type { Session } from '../auth/session';
import { canWrite } from '../guards/roles';
import { ApiError } from '../http/errors';
import { messageFor } from '../http/messages';
import type { DomainRulesView } from '../rules/domainRules';
import type { Store } from '../store/store';
import type { ConsentSolutionRow, DomainRow, DomainSummary } from '../store/types';
import { invalidQuery } from './scopedCollection';

/**
 * What the consent-solution, domain and pricing routes share: the two collections, ownership
 * lookups, the domains summary, and violations with English messages for the shared schemas'
 * keys (the central catalogue in http/messages.ts does not list them yet).
 */

export const CONSENT_SOLUTIONS = 'consentSolutions';
export const DOMAINS = 'domains';

export const apiViolation = (messageKey: string, propertyPath = ''): Violation => ({
  propertyPath,
  message: messageFor(messageKey),
  payload: { messageKey },
});

const MESSAGE_KEY = /^[a-z_]+(\.[a-z0-9_]+)+$/;

/**
 * Parses with a shared schema. Issues the schema gives no key for (e.g. an array where a list
 * is expected) get a generic key instead of zod's English sentence, so `messageKey` is always
 * a key. `mapPath` renames fields (the create form nests its domain under `domain.`).
 */
export const parseOrThrow = <S extends z.ZodType>(schema: S, input: unknown, mapPath: (path: string) => string = (p) => p): z.output<S> => {
  const parsed = schema.safeParse(input, {
    error: (issue) => (issue.code === 'invalid_type' && issue.input === undefined ? 'validation.required' : 'validation.invalid_value'),
  });
  if (parsed.success) return parsed.data;
  throw new ApiError(
    400,
    parsed.error.issues.map((issue) =>
      apiViolation(MESSAGE_KEY.test(issue.message) ? issue.message : 'validation.invalid_value', mapPath(issue.path.map(String).join('.'))),
    ),
  );
};

export const consentSolutionNotFound = (): ApiError => new ApiError(404, [apiViolation('error.backend.consent_solution_not_found')]);
export const domainNotFound = (): ApiError => new ApiError(404, [apiViolation('error.backend.not_found')]);

/** ROLE-1: DEMO is read-only. */
export const requireWrite = (session: Session): void => {
  if (!canWrite(session)) throw new ApiError(403, [apiViolation('error.backend.permission_denied')]);
};

/** Item routes take no query parameters (a stray `_embed` or `callback` answers 400, not silence). */
export const noQuery: RequestHandler = (req, _res, next) => {
  const [first] = Object.keys(req.query);
  next(first === undefined ? undefined : invalidQuery(first));
};

/**
 * Duplicate and root-domain-of-another-account clash with stored data: 409, like the removal
 * rules; malformed input stays 400.
 */
export const ruleFailure = (violations: Violation[]): ApiError => new ApiError(409, violations);

/** A new domain row: read-only fields at their starting values (ENT-1); the scanner changes them later. */
export const newDomainRow = (
  id: number,
  solution: Pick<ConsentSolutionRow, 'id' | 'accountId'>,
  input: DomainCreate,
  session: Session,
  now: string,
): DomainRow => ({
  id,
  accountId: solution.accountId,
  consentSolutionId: solution.id,
  canonicalDomain: input.canonicalDomain,
  type: input.type,
  defaultLanguage: input.defaultLanguage,
  scanDepth: input.scanDepth,
  scanFrequency: input.scanFrequency,
  status: 'pending',
  createdAt: now,
  createdBy: session.user.email,
  updatedAt: now,
  lastScanAt: null,
  cookiesFound: 0,
});

const parseId = (param: string | undefined): number | undefined => (param !== undefined && /^\d{1,15}$/.test(param) ? Number(param) : undefined);

export const summaryOf = (domain: DomainRow): DomainSummary => ({
  id: domain.id,
  canonicalDomain: domain.canonicalDomain,
  type: domain.type,
  status: domain.status,
});

/**
 * Live access to the two collections. Handlers read and mutate the rows in place and call
 * `write()` once, all synchronously, so no other request sees a half-done change (the store
 * shares one lowdb state with json-server; see store.ts).
 */
export const consentData = (store: Store) => {
  store.ensureCollection(CONSENT_SOLUTIONS);
  store.ensureCollection(DOMAINS);
  const solutions = (): ConsentSolutionRow[] => store.state()[CONSENT_SOLUTIONS] as ConsentSolutionRow[];
  const domains = (): DomainRow[] => store.state()[DOMAINS] as DomainRow[];

  return {
    solutions,
    domains,
    nextId: (name: typeof CONSENT_SOLUTIONS | typeof DOMAINS): number => store.nextId(name),
    write: (): void => store.write(),

    /** The caller's solution, or 404 consent_solution_not_found (also for another account's: no existence leak). */
    ownSolution: (session: Session, idParam: string | undefined): ConsentSolutionRow => {
      const id = parseId(idParam);
      const row = id === undefined ? undefined : solutions().find((s) => s.id === id);
      if (!row || row.accountId !== session.accountId) throw consentSolutionNotFound();
      return row;
    },

    ownDomain: (session: Session, idParam: string | undefined): DomainRow => {
      const id = parseId(idParam);
      const row = id === undefined ? undefined : domains().find((d) => d.id === id);
      if (!row || row.accountId !== session.accountId) throw domainNotFound();
      return row;
    },

    /** Re-derives a solution's `domains` summary from the domains collection (call after every domain change). */
    syncSummary: (solution: ConsentSolutionRow): void => {
      solution.domains = domains()
        .filter((d) => d.consentSolutionId === solution.id)
        .sort((a, b) => a.id - b.id)
        .map(summaryOf);
    },

    /** The snapshot the pure domain rules read; the live arrays, not copied (the rules do not mutate). */
    rulesView: (): DomainRulesView => ({ domains: domains(), consentSolutions: solutions() }),
  };
};

export type ConsentData = ReturnType<typeof consentData>;
