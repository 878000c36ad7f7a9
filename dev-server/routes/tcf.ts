import { Router, type RequestHandler } from 'express';
import { tcfSettingsSchema, type GvlVendor, type VendorListSummary } from '../../src/schemas/tcf';
import { getSession, requireSession } from '../auth/session';
import { templateData } from '../cdn/templateData';
import type { ServerContext } from '../context/context';
import type { Feature } from '../context/feature';
import { acceptBody } from '../http/bodyParsers';
import { ApiError, methodNotAllowed, violation } from '../http/errors';
import {
  acProviderViolations,
  gvlViolations,
  latestPublishedTcf,
  TCF_SETTINGS,
  tcfSettingsOf,
  tcfSettingsRows,
  tcfState,
  type TcfSettingsRow,
} from '../tcf/tcfSettings';
import { listRows } from '../http/listRows';
import { ownSolution } from '../data/consentSolutions';
import { noQuery } from '../http/query';
import { parseOrThrow } from '../http/validation';
import { requirePermission } from '../guards/permissions';
import { profileOf } from '../rules/subscriptionLifecycle';

/**
 * TCF-3 / TCF-4 (docs/api.md "IAB TCF"): the Global Vendor List for the admin (its declarations,
 * and its vendors paged and searchable), and each consent solution's TCF settings.
 */

type VendorRow = GvlVendor & { id: number };

const tcfRoutes = (ctx: ServerContext): Router => {
  const router = Router();
  const templates = templateData(ctx.store);
  const session = requireSession(ctx.store, ctx.now);
  const body = acceptBody({ json: true });

  /** `?language=fr` answers the declarations in that language (English when the list has no translation for it). */
  router.get('/tcf/vendor-list', session, (req, res) => {
    const extra = Object.keys(req.query).find((key) => key !== 'language');
    if (extra !== undefined) throw new ApiError(400, [violation('error.backend.invalid_query', extra)]);
    const { list, translations, loadedAt } = ctx.gvl.current();
    const language = typeof req.query.language === 'string' ? req.query.language : 'en';
    if (!/^[a-z]{2}$/.test(language)) throw new ApiError(400, [violation('validation.language_invalid', 'language')]);
    const declarations = translations[language] ?? list;
    const summary: VendorListSummary = {
      gvlSpecificationVersion: list.gvlSpecificationVersion,
      vendorListVersion: list.vendorListVersion,
      tcfPolicyVersion: list.tcfPolicyVersion,
      lastUpdated: list.lastUpdated,
      purposes: declarations.purposes,
      specialPurposes: declarations.specialPurposes,
      features: declarations.features,
      specialFeatures: declarations.specialFeatures,
      stacks: declarations.stacks,
      dataCategories: declarations.dataCategories,
      vendorCount: Object.keys(list.vendors).length,
      languages: Object.keys(translations),
      refreshedAt: loadedAt.toISOString(),
      lastRefreshError: ctx.gvl.lastRefreshError(),
    };
    res.json(summary);
  });

  /** The vendors, json-server style: `q` searches names (and matches an id exactly), `id` filters, `_page`/`_limit`/`_sort`. */
  router.get('/tcf/vendors', session, (req, res) => {
    const vendors = Object.values(ctx.gvl.current().list.vendors) as VendorRow[];
    const query = { _sort: 'name', _order: 'asc', ...req.query };
    const { page, total } = listRows(vendors, query, {
      fields: new Set(['name']),
      scope: (vendor) => !vendor.deletedDate,
      matches: (vendor, needle) => vendor.name.toLowerCase().includes(needle) || String(vendor.id) === needle,
    });
    res.setHeader('X-Total-Count', total);
    res.json(page);
  });

  /** STD-14: Google's Additional Consent providers, json-server style like the vendors: `q` searches names (or matches an id), `_page`/`_limit`. */
  router.get('/tcf/ac-providers', session, (req, res) => {
    const providers = [...ctx.acProviders.current().providers.values()];
    const query = { _sort: 'name', _order: 'asc', ...req.query };
    const { page, total } = listRows(providers, query, {
      fields: new Set(['name']),
      scope: () => true,
      matches: (provider, needle) => provider.name.toLowerCase().includes(needle) || String(provider.id) === needle,
    });
    res.setHeader('X-Total-Count', total);
    res.json(page);
  });

  const ITEM = '/consent-solutions/:id/tcf';

  router.get(ITEM, session, noQuery, (req, res) => {
    const solution = ownSolution(ctx.store, getSession(req), req.params.id);
    // TCF-5: the publisher is most often where the account is billed; no guess when it has no billing country.
    const billedIn = profileOf(ctx.store, solution.accountId)?.billing?.country ?? '';
    const row = tcfSettingsOf(ctx.store, solution.id);
    res.json(tcfState(solution.id, row, ctx.gvl.current().list, latestPublishedTcf(templates.publications(), solution.id), billedIn));
  });

  const save: RequestHandler = (req, res) => {
    const caller = getSession(req);
    const solution = ownSolution(ctx.store, caller, req.params.id);
    requirePermission(caller, 'consentSolutions.write');
    const settings = parseOrThrow(tcfSettingsSchema, req.body);
    const { list } = ctx.gvl.current();
    const violations = [...gvlViolations(settings, list), ...acProviderViolations(settings, ctx.acProviders.current().providers)];
    if (violations.length > 0) throw new ApiError(400, violations);
    const now = ctx.now().toISOString();
    const rows = tcfSettingsRows(ctx.store);
    let row = tcfSettingsOf(ctx.store, solution.id);
    if (!row) {
      row = {
        id: ctx.store.nextId(TCF_SETTINGS),
        accountId: solution.accountId,
        consentSolutionId: solution.id,
        ...settings,
        updatedAt: now,
        updatedBy: caller.user.email,
      } satisfies TcfSettingsRow;
      rows.push(row);
    } else Object.assign(row, settings, { updatedAt: now, updatedBy: caller.user.email });
    ctx.store.write();
    res.json(tcfState(solution.id, row, list, latestPublishedTcf(templates.publications(), solution.id)));
  };
  router.put(ITEM, session, noQuery, body, save);

  router.all(ITEM, session, methodNotAllowed);

  return router;
};

export const tcfFeature: Feature = {
  name: 'tcf',
  routes: (ctx) => [tcfRoutes(ctx)],
};
