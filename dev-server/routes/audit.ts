import { AUDIT_LOG, toApiEntry, type AuditEntry } from '../audit/auditTrail';
import type { Session } from '../auth/session';
import { shownAuthor } from '../auth/staffIdentity';
import { collectionRoutes, type CollectionDefinition } from '../collections/collectionRoutes';
import type { ServerContext } from '../context/context';
import type { Feature } from '../context/feature';

/**
 * BEYOND-7: `GET /audit-log` — the acting account's entries, newest first unless the client
 * sorts; a list only (no item routes, nothing written through it: the trail records itself).
 */
const LIST_FIELDS: ReadonlySet<string> = new Set(['userEmail', 'method', 'path', 'resource', 'action', 'status', 'at', 'summary']);

const auditCollection = (ctx: ServerContext): CollectionDefinition<AuditEntry, never, never> => {
  /** DEPLOY-6: what the provider's staff did in a customer's account is shown as the provider's, unnamed. */
  const author = (row: AuditEntry, caller: Session): string | null => shownAuthor(ctx.store, caller, row.userEmail);
  return {
    name: AUDIT_LOG,
    path: '/audit-log',
    operations: { read: 'audit.read' },
    list: {
      fields: LIST_FIELDS,
      matches: (row, needle, caller) => [author(row, caller) ?? '', row.summary, row.subject ?? ''].some((text) => text.toLowerCase().includes(needle)),
      // The stored entry names its account `account` (auditTrail.ts says why).
      scope: (caller) => ({ account: String(caller.accountId) }),
      order: { _sort: 'id', _order: 'desc' },
    },
    answer: (row, caller) => {
      const userEmail = author(row, caller);
      // DEPLOY-6: hidden staff are hidden by name too.
      return { ...toApiEntry(row), userEmail, userId: userEmail === null ? null : row.user, userName: userEmail === null ? null : (row.userName ?? null) };
    },
    validate: {},
    rules: {},
  };
};

export const auditLogFeature: Feature = {
  name: 'audit-log',
  routes: (ctx, { bridge }) => [collectionRoutes(ctx, bridge, auditCollection(ctx))],
};
