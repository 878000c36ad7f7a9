import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import { TEMPLATE_MODES } from '../../src/schemas/template';
import { isLanguageCode } from '../../src/shared/languages';
import { getSession, requireSession, type Session } from '../auth/session';
import { shownAuthor } from '../auth/staffIdentity';
import { bannerContent } from '../cdn/bundle';
import { PUBLICATIONS, templateData } from '../cdn/templateData';
import type { PopupSettingsRow, PublicationRow } from '../cdn/types';
import type { ServerContext } from '../context/context';
import { collectionRoutes, type CollectionDefinition } from '../collections/collectionRoutes';
import type { Feature } from '../context/feature';
import { acceptBody } from '../http/bodyParsers';
import { ApiError, violation } from '../http/errors';
import { publishBanner } from '../rules/publishing';
import { publishStatus } from '../rules/publicationSnapshot';
import { ownSolution, solutionLanguages } from '../data/consentSolutions';
import { noQuery } from '../http/query';
import { parseOrThrow } from '../http/validation';
import { requirePermission } from '../guards/permissions';

/**
 * A consent solution's pop-up (docs/api.md "Templates and publishing", ROUTE-19, BEYOND-1,
 * BEYOND-2, ERR-2): which template it uses, the content the preview renders, and publishing to
 * the CDN path the installation snippet loads (`GET /cdn/{csId}/banner.js`, routes/cdn.ts).
 */

const BASE = '/consent-solutions/:id';

const choiceSchema = z
  .object({
    mode: z.enum(TEMPLATE_MODES, { error: 'validation.template_mode_invalid' }),
    templateId: z.number({ error: 'validation.invalid_value' }).int().positive().nullable().default(null),
  })
  .superRefine((value, ctx) => {
    if (value.mode === 'custom' && value.templateId === null) ctx.addIssue({ code: 'custom', path: ['templateId'], message: 'validation.required' });
  });

const publishSchema = z.object({ needsReconsent: z.boolean({ error: 'validation.boolean_required' }).default(false) });

const cdnPath = (consentSolutionId: number): string => `/cdn/${consentSolutionId}/banner.js`;

/** A solution's publications, newest first: its history, read only (publishing is the action below). */
const publicationCollection = (ctx: ServerContext): CollectionDefinition<PublicationRow, never, never> => ({
  name: PUBLICATIONS,
  path: `${BASE}/publications`,
  operations: { read: 'consentSolutions.read' },
  list: {
    fields: new Set(['version', 'publishedAt', 'needsReconsent']),
    scope: (caller, params) => ({ consentSolutionId: String(ownSolution(ctx.store, caller, params.id).id) }),
    order: { _sort: 'version', _order: 'desc' },
  },
  answer: (row, caller) => shownPublication(ctx, row, caller),
  validate: {},
  rules: {},
});

/** DEPLOY-6: a publication as `caller` may see it: the provider's staff unnamed to customers. */
const shownPublication = (ctx: ServerContext, row: PublicationRow, caller: Session) => ({
  ...structuredClone(row),
  publishedBy: shownAuthor(ctx.store, caller, row.publishedBy),
});

const publishingRoutes = (ctx: ServerContext): Router => {
  const router = Router();
  const data = templateData(ctx.store);
  const session = requireSession(ctx.store, ctx.now);
  const body = acceptBody({ json: true });
  const nowIso = (): string => ctx.now().toISOString();

  const popupState = (solutionId: number, settings: PopupSettingsRow | undefined, caller: Session) => {
    const active = data.activeTemplate(solutionId);
    const published = data.publications().find((p) => p.id === settings?.publishedPublicationId) ?? null;
    return {
      consentSolutionId: solutionId,
      mode: settings?.mode ?? 'default',
      templateId: settings?.templateId ?? null,
      activeTemplateId: active.id,
      published: published && shownPublication(ctx, published, caller),
      scriptPath: cdnPath(solutionId),
    };
  };

  router.get(`${BASE}/popup`, session, noQuery, (req, res) => {
    const caller = getSession(req);
    const solution = ownSolution(ctx.store, caller, req.params.id);
    res.json(popupState(solution.id, data.settingsOf(solution.id), caller));
  });

  const choose: RequestHandler = (req, res) => {
    const caller = getSession(req);
    const solution = ownSolution(ctx.store, caller, req.params.id);
    requirePermission(caller, 'consentSolutions.write');
    const choice = parseOrThrow(choiceSchema, req.body);
    if (choice.mode === 'custom') {
      const template = data.templates().find((t) => t.id === choice.templateId);
      // Only the account's own templates: a gallery one is used through "use from gallery" (a copy).
      if (!template || template.scope !== 'account' || template.accountId !== solution.accountId) {
        throw new ApiError(400, [violation('error.backend.template_not_found', 'templateId')]);
      }
    }
    const now = nowIso();
    const settings = data.ensureSettings(solution, now);
    Object.assign(settings, { mode: choice.mode, templateId: choice.mode === 'custom' ? choice.templateId : null, updatedAt: now });
    data.write();
    res.json(popupState(solution.id, settings, caller));
  };
  router.put(`${BASE}/popup`, session, noQuery, body, choose);
  router.patch(`${BASE}/popup`, session, noQuery, body, choose);

  /** BEYOND-1: the texts (with fallbacks) and cookie list the preview renders, for one language. */
  router.get(`${BASE}/popup/content`, session, (req, res) => {
    const solution = ownSolution(ctx.store, getSession(req), req.params.id);
    const extra = Object.keys(req.query).find((key) => key !== 'language');
    if (extra !== undefined) throw new ApiError(400, [violation('error.backend.invalid_query', extra)]);
    const languages = solutionLanguages(solution);
    const wanted = typeof req.query.language === 'string' ? req.query.language : solution.defaultLanguage;
    if (!isLanguageCode(wanted) || !languages.includes(wanted)) throw new ApiError(400, [violation('validation.language_not_in_solution', 'language')]);
    const content = bannerContent(ctx.store, solution, wanted);
    res.json({ consentSolutionId: solution.id, defaultLanguage: solution.defaultLanguage, languages, consentVersion: solution.consentVersion, content });
  });

  /** PROMISE-4: the live version and what changed since (rules/publicationSnapshot.ts). */
  router.get(`${BASE}/publish-status`, session, noQuery, (req, res) => {
    const solution = ownSolution(ctx.store, getSession(req), req.params.id);
    res.json(publishStatus(ctx.store, solution));
  });

  /** BEYOND-2: publishes the banner as it is now, all or nothing (rules/publishing.ts). */
  router.post(`${BASE}/publish`, session, noQuery, body, (req, res) => {
    const caller = getSession(req);
    const solution = ownSolution(ctx.store, caller, req.params.id);
    requirePermission(caller, 'consentSolutions.write');
    const { needsReconsent } = parseOrThrow(publishSchema, req.body);
    const publication = publishBanner(ctx, solution, { needsReconsent, publishedBy: caller.user.email });
    res.status(201).json({ ...structuredClone(publication), scriptPath: cdnPath(solution.id) });
  });

  return router;
};

export const publishingFeature: Feature = {
  name: 'publishing',
  routes: (ctx, { bridge }) => [collectionRoutes(ctx, bridge, publicationCollection(ctx)), publishingRoutes(ctx)],
};
