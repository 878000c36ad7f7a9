import type { Request, RequestHandler } from 'express';
import { findSession } from '../auth/session';
import { WRITE_METHODS } from '../http/bodyParsers';
import type { Store } from '../store/store';
import type { Row } from '../store/types';

/**
 * BEYOND-7: one row of the audit log (collection `auditLog`). No stored key ends in `Id`:
 * json-server's DELETE removes, in every collection, rows whose `<name>Id` points at a missing
 * row, which would silently erase history (and it trips over a null `…Id`). `toApiEntry` gives
 * the API's names.
 */
export interface AuditEntry extends Row {
  /** The account the change was made in (the acting account). */
  account: number;
  /** The account of the user who made it (differs when an admin or agency acted on another). */
  actorAccount: number;
  user: number;
  userEmail: string;
  method: string;
  /** The path without the query, e.g. `/consent-solutions/12`. */
  path: string;
  /** The collection the change touched: the first path segment (`consent-solutions`). */
  resource: string;
  /** The id of the item, when the path names one. */
  target: string | null;
  /** `create`, `update`, `delete` or `action` (a POST on an item, e.g. push-for-consent). */
  action: AuditAction;
  status: number;
  /** The fields sent; secrets (passwords, card data, tokens) left out, long values shortened. */
  changes: Record<string, unknown>;
  /** One searchable line: `update consent-solutions/12: name, autoblocking`. The admin shows a sentence instead (auditSentence.ts). */
  summary: string;
  /**
   * What the object was called when the change was made: before it for an update, delete or
   * action (a rename shows the old name), as created for a create; null when nothing names it.
   * Absent on entries written before it existed.
   */
  subject?: string | null;
  /** The name of the user who made the change (absent on older entries). */
  userName?: string;
  at: string;
}

/** The entry as docs/api.md describes it. */
export const toApiEntry = (entry: AuditEntry) => ({
  id: entry.id,
  accountId: entry.account,
  actorAccountId: entry.actorAccount,
  userId: entry.user,
  userEmail: entry.userEmail,
  method: entry.method,
  path: entry.path,
  resource: entry.resource,
  targetId: entry.target,
  action: entry.action,
  status: entry.status,
  changes: entry.changes,
  summary: entry.summary,
  subject: entry.subject ?? null,
  userName: entry.userName ?? null,
  at: entry.at,
});

export type AuditAction = 'create' | 'update' | 'delete' | 'action';

export const AUDIT_LOG = 'auditLog';

/** Keys whose values never reach the log (passwords, card data, tokens). */
const SECRET = /password|card|cvc|expiry|token|secret|hash/i;
const MAX_VALUE_LENGTH = 200;
const MAX_DEPTH = 4;

const redact = (value: unknown, depth = 0): unknown => {
  if (typeof value === 'string') return value.length > MAX_VALUE_LENGTH ? `${value.slice(0, MAX_VALUE_LENGTH)}…` : value;
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '…';
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => redact(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !SECRET.test(key))
      .map(([key, v]) => [key, redact(v, depth + 1)]),
  );
};

const actionOf = (method: string, segments: string[]): AuditAction => {
  if (method === 'DELETE') return 'delete';
  if (method === 'PUT' || method === 'PATCH') return 'update';
  return segments.length > 2 ? 'action' : segments.length === 2 && /^\d+$/.test(segments[1] ?? '') ? 'action' : 'create';
};

/** The collection and field that name an object of a resource (the first segment of its path). */
const NAMED_BY: Readonly<Record<string, { collection: string; field: string }>> = {
  'consent-solutions': { collection: 'consentSolutions', field: 'name' },
  domains: { collection: 'domains', field: 'canonicalDomain' },
  teammates: { collection: 'users', field: 'email' },
  accounts: { collection: 'accounts', field: 'name' },
  cookies: { collection: 'cookies', field: 'name' },
  'popup-templates': { collection: 'popupTemplates', field: 'name' },
};

const MAX_SUBJECT_LENGTH = 120;
const shortened = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? (value.length > MAX_SUBJECT_LENGTH ? `${value.slice(0, MAX_SUBJECT_LENGTH)}…` : value) : null;

type AnyRow = Row & Record<string, unknown>;

/** The object a path points at (`/domains/5/verify`: domain 5), as the store holds it now. */
const storedRow = (store: Store, path: string): { row: AnyRow; field: string } | null => {
  const [resource = '', id] = path.split('/').filter(Boolean);
  const named = NAMED_BY[resource];
  if (!named || id === undefined || !/^\d+$/.test(id)) return null;
  const row = store.rows<AnyRow>(named.collection).find((r) => String(r.id) === id);
  return row ? { row, field: named.field } : null;
};

/**
 * What an update really changed: the fields sent whose value differs from the stored one (a
 * form sends every field; the log names the ones the person changed). Unknown objects keep all.
 */
const changedOnly = (changes: Record<string, unknown>, sent: Record<string, unknown>, before: Record<string, string> | null): Record<string, unknown> =>
  before === null ? changes : Object.fromEntries(Object.entries(changes).filter(([key]) => before[key] !== JSON.stringify(sent[key])));

/** The name of a created object, from the answer (a JSON object naming it). */
const createdName = (resource: string, answer: unknown): string | null => {
  const named = NAMED_BY[resource];
  if (!named || answer === undefined || answer === null) return null;
  try {
    const text = typeof answer === 'string' ? answer : Buffer.isBuffer(answer) ? answer.toString('utf8') : '';
    const parsed: unknown = text.startsWith('{') ? JSON.parse(text) : null;
    return typeof parsed === 'object' && parsed !== null ? shortened((parsed as Record<string, unknown>)[named.field]) : null;
  } catch {
    return null;
  }
};

/** Builds the entry of a successful write. */
const auditEntryOf = (
  req: Request,
  path: string,
  status: number,
  at: Date,
  subject: string | null,
  before: Record<string, string> | null,
): Omit<AuditEntry, 'id'> | undefined => {
  const session = findSession(req);
  if (!session) return undefined;
  const segments = path.split('/').filter(Boolean);
  const resource = segments[0] ?? '';
  const target = segments.find((s, i) => i > 0 && /^\d+$/.test(s)) ?? null;
  const action = actionOf(req.method, segments);
  const body: unknown = req.body;
  const sent = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const redacted = redact(sent) as Record<string, unknown>;
  const changes = action === 'update' ? changedOnly(redacted, sent, before) : redacted;
  const fields = Object.keys(changes);
  const summary = `${action} ${segments.join('/')}${fields.length > 0 ? `: ${fields.join(', ')}` : ''}`;
  return {
    account: session.accountId,
    actorAccount: session.homeAccountId,
    user: session.userId,
    userEmail: session.user.email,
    method: req.method,
    path,
    resource,
    target,
    action,
    status,
    changes,
    summary,
    subject,
    userName: session.user.name,
    at: at.toISOString(),
  };
};

/**
 * Marks a POST that only reads (a price quote, a preview of a change): it changes nothing, so
 * it is no entry of the log. Put on the route, before its handler.
 */
export const markAsRead: RequestHandler = (_req, res, next) => {
  res.locals.auditRead = true;
  next();
};

/** A POST whose `?dryRun=true` previews a change (an import) reads; without it, it writes. */
export const markDryRunAsRead =
  (isDryRun: (req: Request) => boolean): RequestHandler =>
  (req, res, next) => {
    if (isDryRun(req)) res.locals.auditRead = true;
    next();
  };

/**
 * BEYOND-7: records every successful authenticated write of the API. It hooks `res.end`, so
 * the entry is stored before the answer leaves (a client that reads the log right after its
 * write always finds it), and only for 2xx/3xx answers: refused or invalid writes change
 * nothing, so there is nothing to audit. Public writes (login, password reset) have no
 * session and are not recorded.
 */
export const auditTrail = (store: Store, now: () => Date): RequestHandler => {
  return (req, res, next) => {
    if (!WRITE_METHODS.has(req.method)) {
      next();
      return;
    }
    // Captured now: a route may rewrite req.url before it hands over to json-server, and the
    // change renames or removes the object the entry names.
    const path = req.path;
    const stored = storedRow(store, path);
    const subject = stored ? shortened(stored.row[stored.field]) : null;
    // Each stored value as JSON, compared with what an update sends (an object or list as a whole).
    // Only for the object itself (`/domains/5`), not for a part of it (`/consent-solutions/3/tcf`).
    const itself = path.split('/').filter(Boolean).length === 2;
    const before =
      stored && itself && (req.method === 'PUT' || req.method === 'PATCH')
        ? Object.fromEntries(Object.entries(stored.row).map(([k, v]) => [k, JSON.stringify(v)]))
        : null;
    const end = res.end.bind(res) as (...args: unknown[]) => typeof res;
    let recorded = false;
    res.end = ((...args: unknown[]) => {
      if (!recorded && res.statusCode < 400 && res.locals.auditRead !== true) {
        recorded = true;
        const resource = path.split('/').filter(Boolean)[0] ?? '';
        const entry = auditEntryOf(req, path, res.statusCode, now(), subject ?? createdName(resource, args[0]), before);
        if (entry) {
          store.rows<AuditEntry>(AUDIT_LOG).push({ id: store.nextId(AUDIT_LOG), ...entry });
          store.write();
        }
      }
      return end(...args);
    }) as typeof res.end;
    next();
  };
};
