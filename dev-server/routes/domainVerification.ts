import { Router } from 'express';
import { getSession, requireSession } from '../auth/session';
import type { ServerContext } from '../context/context';
import type { Feature } from '../context/feature';
import { newClaim, provedClaim, verificationOf } from '../data/domainVerification';
import { domainRows, ownDomain } from '../data/domains';
import { permit } from '../guards/permissions';
import { owned } from '../guards/ownership';
import { ApiError, asyncHandler, methodNotAllowed, violation } from '../http/errors';
import { noQuery } from '../http/query';
import { domainAnswer } from '../rules/domainAnswer';
import { checkDomainCreation } from '../rules/domainRules';
import { domainRulesView, ruleFailure } from '../rules/domainRulesView';
import type { DomainRow } from '../store/types';
import { proveControl, type ProofOptions } from '../verification/proofs';

/**
 * DEPLOY-4 (docs/api.md "Domain ownership"): a domain's owner proves control with the claim's
 * token in a TXT record or a file, and can ask for a new token. Until then the domain is neither
 * scanned nor billed, and blocks no other account; once verified the spec's 409s protect it.
 */

/** One check per domain at a time and not more often than this: each one reaches out to the domain. */
const CHECK_INTERVAL_MS = 5_000;

const domainVerificationRoutes = (ctx: ServerContext, proofs: ProofOptions): Router => {
  const router = Router();
  const session = requireSession(ctx.store, ctx.now);
  const checking = new Set<number>();
  const ownWritable = [owned((caller, id) => ownDomain(ctx.store, caller, id)), permit('domains.write')] as const;
  /** Another account that verified this domain (or its root) first has it: the spec's 409s. */
  const takenElsewhere = (domain: DomainRow): void => {
    const violations = checkDomainCreation(domainRulesView(ctx.store), { id: domain.id, accountId: domain.accountId, canonicalDomain: domain.canonicalDomain });
    if (violations.length > 0) throw ruleFailure(violations);
  };

  router.post(
    '/domains/:id/verify',
    session,
    noQuery,
    ...ownWritable,
    asyncHandler(async (req, res) => {
      const caller = getSession(req);
      const domain = ownDomain(ctx.store, caller, req.params.id);
      const now = ctx.now();
      const claim = verificationOf(domain, now);
      if (claim.status === 'verified') {
        res.json(domainAnswer(ctx.store, domain, caller, now));
        return;
      }
      if (claim.status === 'expired') throw new ApiError(409, [violation('error.backend.domain_claim_expired')]);
      const recent = claim.checkedAt !== null && now.getTime() - Date.parse(claim.checkedAt) < CHECK_INTERVAL_MS;
      if (recent || checking.has(domain.id)) {
        res.setHeader('Retry-After', String(Math.ceil(CHECK_INTERVAL_MS / 1000)));
        throw new ApiError(429, [violation('error.backend.verification_too_soon')]);
      }
      takenElsewhere(domain);
      checking.add(domain.id);
      let outcome: Awaited<ReturnType<typeof proveControl>>;
      try {
        outcome = await proveControl(domain.canonicalDomain, claim.token, proofs);
      } finally {
        checking.delete(domain.id);
      }
      // The check took time: the domain may be gone, its token renewed, or someone else verified first.
      const current = domainRows(ctx.store).find((row) => row.id === domain.id);
      if (!current || current.verification.token !== claim.token) throw new ApiError(409, [violation('error.backend.domain_claim_expired')]);
      const at = ctx.now();
      if ('method' in outcome) {
        takenElsewhere(current);
        current.verification = provedClaim(current.verification, outcome.method, at);
        current.updatedAt = at.toISOString();
        ctx.store.write();
        res.json(domainAnswer(ctx.store, current, caller, at));
        return;
      }
      current.verification = { ...current.verification, checkedAt: at.toISOString(), problems: outcome.problems };
      ctx.store.write();
      throw new ApiError(
        422,
        outcome.problems.map((problem, index) => violation(problem, index === 0 ? 'dns' : 'file')),
      );
    }),
  );

  /** A new token and a new claim period, for a claim not yet proved (a lapsed one, or a token that leaked). */
  router.post('/domains/:id/verification-token', session, noQuery, ...ownWritable, (req, res) => {
    const caller = getSession(req);
    const domain = ownDomain(ctx.store, caller, req.params.id);
    const now = ctx.now();
    if (domain.verification.verifiedAt !== null) throw new ApiError(409, [violation('error.backend.domain_already_verified')]);
    domain.verification = newClaim(now);
    domain.updatedAt = now.toISOString();
    ctx.store.write();
    res.json(domainAnswer(ctx.store, domain, caller, now));
  });

  for (const path of ['/domains/:id/verify', '/domains/:id/verification-token']) router.all(path, session, methodNotAllowed);
  return router;
};

export const domainVerificationFeature: Feature = {
  name: 'domain-verification',
  routes: (ctx, { proofs }) => [domainVerificationRoutes(ctx, proofs)],
};
