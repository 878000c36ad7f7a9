import { Router } from 'express';
import { z } from 'zod';
import { SCAN_DEPTHS, SCAN_FREQUENCY_NAMES, domainTypeSchema, scanDepthSchema, scanFrequencySchema, scanFrequencyToDays } from '../../src/schemas/domain';
import { BILLING_INTERVALS, FACTOR_SCALE, PLANS, quote, type PriceTable } from '../../src/shared/pricing';
import { markAsRead } from '../audit/auditTrail';
import { getSession, requireSession } from '../auth/session';
import type { ServerContext } from '../context/context';
import type { Feature } from '../context/feature';
import { permit } from '../guards/permissions';
import { acceptBody } from '../http/bodyParsers';
import { methodNotAllowed } from '../http/errors';
import { priceTableFor } from '../rules/pricing';
import { accountById } from '../data/accounts';
import { noQuery } from '../http/query';
import { parseOrThrow } from '../http/validation';

/**
 * Pricing (docs/api.md "Pricing", CONST-3, PROD-4). The tables live in rules/pricing.ts; the
 * arithmetic is the shared `quote()`, the very function the app previews with.
 */

/** The table in the contract's wording: factors as multipliers, frequencies keyed by days. */
const priceTableToApi = (table: PriceTable) => ({
  currency: table.currency,
  version: table.version,
  depthMonthlyCents: Object.fromEntries(SCAN_DEPTHS.map((depth) => [depth, table.monthlyCentsPerPublicDomainByDepth[depth]])),
  frequencyFactor: Object.fromEntries(
    SCAN_FREQUENCY_NAMES.map((name) => [scanFrequencyToDays(name), table.frequencyFactorsInBasisPoints[name] / FACTOR_SCALE]),
  ),
  planFactor: Object.fromEntries(PLANS.map((plan) => [plan, table.planFactorsInBasisPoints[plan] / FACTOR_SCALE])),
  yearlyMonths: table.monthsBilledPerYear,
});

/** A quote for the subscribe wizard or a preview; domains need not exist (or be named) yet. */
const quoteRequestSchema = z.object({
  plan: z.enum(PLANS, { error: 'validation.plan_invalid' }),
  interval: z.enum(BILLING_INTERVALS, { error: 'validation.billing_interval_invalid' }),
  domains: z
    .array(
      z.object({
        id: z.union([z.number().int(), z.string().max(50)]).optional(),
        canonicalDomain: z.string().max(253, { error: 'validation.max_length_253' }).optional(),
        type: domainTypeSchema,
        scanDepth: scanDepthSchema,
        scanFrequency: scanFrequencySchema,
      }),
      { error: 'validation.required' },
    )
    .max(1000, { error: 'validation.too_many_domains' }),
});

const pricingRoutes = (ctx: ServerContext): Router => {
  const router = Router();
  const session = requireSession(ctx.store, ctx.now);
  /** The caller's account is billed on the pricing version it subscribed under (ENT-6). */
  const tableFor = (accountId: number): PriceTable => priceTableFor(accountById(ctx.store, accountId)?.subscription.currentPricingVersion);

  // ROLE-1: an agency's client sees no prices (its agency pays).
  router.get('/pricing', session, noQuery, permit('pricing.read'), (req, res) => {
    res.json(priceTableToApi(tableFor(getSession(req).accountId)));
  });

  // A calculation, not a write: read-only (DEMO) callers may quote too.
  router.post('/pricing/quote', session, markAsRead, noQuery, permit('pricing.read'), acceptBody({ json: true }), (req, res) => {
    const input = parseOrThrow(quoteRequestSchema, req.body);
    const result = quote(
      tableFor(getSession(req).accountId),
      input.domains.map((domain) => ({ ...domain, canonicalDomain: domain.canonicalDomain ?? '' })),
      input.plan,
      input.interval,
    );
    res.json({
      ...result,
      // Each line echoes the domain as sent (`…domain` in the contract) plus its price.
      lines: result.lines.map((line, index) => ({
        ...input.domains[index],
        charged: line.charged,
        monthlyCents: line.monthlyCents,
        yearlyCents: line.yearlyCents,
      })),
      monthlyCents: result.monthlyTotalCents,
      yearlyCents: result.yearlyTotalCents,
    });
  });

  router.all(['/pricing', '/pricing/quote'], session, methodNotAllowed);

  return router;
};

export const pricingFeature: Feature = {
  name: 'pricing',
  routes: (ctx) => [pricingRoutes(ctx)],
};
