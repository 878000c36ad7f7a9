import { AUDIT_LOG, toApiEntry, type AuditEntry } from '../audit/auditTrail';
import { collectionRoutes, type CollectionDefinition } from '../collections/collectionRoutes';
import type { Feature } from '../context/feature';

/**
 * BEYOND-7: `GET /audit-log` — the acting account's entries, newest first unless the client
 * sorts; a list only (no item routes, nothing written through it: the trail records itself).
 */
const LIST_FIELDS: ReadonlySet<string> = new Set(['userEmail', 'method', 'path', 'resource', 'action', 'status', 'at', 'summary']);

const auditCollection: CollectionDefinition<AuditEntry, never, never> = {
  name: AUDIT_LOG,
  path: '/audit-log',
  operations: { read: 'audit.read' },
  list: {
    fields: LIST_FIELDS,
    matches: (row, needle) => row.userEmail.toLowerCase().includes(needle) || row.summary.toLowerCase().includes(needle),
    // The stored entry names its account `account` (auditTrail.ts says why).
    scope: (caller) => ({ account: String(caller.accountId) }),
    order: { _sort: 'id', _order: 'desc' },
  },
  answer: toApiEntry,
  validate: {},
  rules: {},
};

export const auditLogFeature: Feature = {
  name: 'audit-log',
  routes: (ctx, { bridge }) => [collectionRoutes(ctx, bridge, auditCollection)],
};
