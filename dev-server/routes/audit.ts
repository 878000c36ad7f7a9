import { Router } from 'express';
import { AUDIT_LOG, toApiEntry, type AuditEntry } from '../audit/auditTrail';
import { getSession, requireSession } from '../auth/session';
import type { ServerContext } from '../context/context';
import { permit } from '../guards/permissions';
import { ApiError } from '../http/errors';
import { listRows } from './listRows';

/**
 * BEYOND-7: `GET /audit-log` — the acting account's entries, json-server list semantics
 * (`_page`, `_limit`, `_sort`, `_order`, exact filters, `q` over the email and the summary).
 */
const LIST_FIELDS: ReadonlySet<string> = new Set(['userEmail', 'method', 'path', 'resource', 'action', 'status', 'at', 'summary']);

export const auditRoutes = (ctx: ServerContext): Router => {
  const router = Router();
  const session = requireSession(ctx.store, ctx.now);

  router.get('/audit-log', session, permit('audit.read'), (req, res) => {
    const caller = getSession(req);
    const rows = ctx.store.rows<AuditEntry>(AUDIT_LOG);
    // Newest first unless the client sorts.
    const query = req.query._sort === undefined ? { ...req.query, _sort: 'id', _order: 'desc' } : req.query;
    const { page, total } = listRows(rows, query, {
      fields: LIST_FIELDS,
      scope: (row) => row.account === caller.accountId,
      matches: (row, needle) => row.userEmail.toLowerCase().includes(needle) || row.summary.toLowerCase().includes(needle),
    });
    res.setHeader('X-Total-Count', total);
    res.json(page.map(toApiEntry));
  });

  router.all('/audit-log', session, () => {
    throw new ApiError(405, 'error.backend.method_not_allowed');
  });

  return router;
};
