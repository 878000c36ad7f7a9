import { Router } from 'express';
import { z } from 'zod';
import type { Invoice } from '../../src/schemas/subscription';
import { getSession, requireSession, type Session } from '../auth/session';
import type { ServerContext } from '../context/context';
import type { Feature } from '../context/feature';
import { owned } from '../guards/ownership';
import { permit } from '../guards/permissions';
import { methodNotAllowed, notFound } from '../http/errors';
import { noQuery, parseId } from '../http/query';
import { parseOrThrow } from '../http/validation';
import { invoiceFileName, renderInvoiceDocument } from '../reports/invoiceDocument';
import { invoiceOf, invoicesOf } from '../rules/invoices';
import { subscriptionAccount } from '../rules/subscriptions';

/**
 * /invoices (PAY-1): the invoices of the account the session acts on, one per successful
 * charge, and each as a printable document. Reading them is reading the subscription
 * (`subscription.read`: an agency's client does not see its agency's billing).
 */

const documentQuery = z.object({ lang: z.enum(['en', 'fr'], { error: 'validation.invalid_value' }).default('en') }).strict();

const invoiceRoutes = (ctx: ServerContext): Router => {
  const router = Router();
  const session = requireSession(ctx.store, ctx.now);
  const guard = permit('subscription.read');

  const find = (caller: Session, idParam: string | undefined): Invoice => {
    const id = parseId(idParam);
    const invoice = id === undefined ? undefined : invoiceOf(ctx.store, caller.accountId, id);
    if (!invoice) throw notFound();
    return invoice;
  };

  router.get('/invoices', session, guard, noQuery, (req, res) => {
    const caller = getSession(req);
    // Catches up on a renewal that fell due, so its invoice is listed.
    subscriptionAccount(ctx, caller, caller.accountId);
    res.json(invoicesOf(ctx.store, caller.accountId));
  });

  router.get('/invoices/:id', session, owned(find), guard, noQuery, (req, res) => {
    res.json(find(getSession(req), req.params.id));
  });

  router.get('/invoices/:id/document', session, owned(find), guard, (req, res) => {
    const invoice = find(getSession(req), req.params.id);
    const { lang } = parseOrThrow(documentQuery, req.query);
    res
      .status(200)
      .type('html')
      // A document from the API, opened on its own: nothing in it runs or loads anything.
      .setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
      .setHeader('Content-Disposition', `attachment; filename="${invoiceFileName(invoice)}"`)
      .send(renderInvoiceDocument(invoice, lang));
  });

  router.all(['/invoices', '/invoices/:id', '/invoices/:id/document'], session, methodNotAllowed);
  return router;
};

export const invoicesFeature: Feature = {
  name: 'invoices',
  routes: (ctx) => [invoiceRoutes(ctx)],
};
