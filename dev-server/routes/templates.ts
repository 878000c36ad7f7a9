import { diffLines, type Change } from 'diff';
import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import type { PopupTemplate, TemplateVersion } from '../../src/schemas/popupTemplate';
import { TEMPLATE_CODE_FIELDS, templateInputSchema, type TemplateInput } from '../../src/schemas/template';
import { can, deniedKey } from '../../src/shared/permissions';
import { getSession, requireSession, type Session } from '../auth/session';
import { shownAuthor } from '../auth/staffIdentity';
import { codeOf, templateData, TEMPLATE_VERSIONS, TEMPLATES, type TemplateData } from '../cdn/templateData';
import type { PopupTemplateRow, TemplateVersionRow } from '../cdn/types';
import type { ServerContext } from '../context/context';
import { collectionRoutes, type CollectionDefinition } from '../collections/collectionRoutes';
import type { Feature } from '../context/feature';
import { ApiError, violation } from '../http/errors';
import { noQuery } from '../http/query';
import { parseOrThrow, parseUpdate } from '../http/validation';
import { requirePermission } from '../guards/permissions';

/**
 * Pop-up templates (docs/api.md "Templates and publishing", ROUTE-13, ROUTE-19, BEYOND-2):
 * the gallery (global, ROLE_ADMIN edits it) and each account's own templates. Every save is a
 * new version; versions are listed, diffed and restored (a restore is a new version too).
 */

const PATH = '/popup-templates';
const ITEM = `${PATH}/:id`;

const LIST_FIELDS: ReadonlySet<string> = new Set(['scope', 'name', 'isDefault', 'sourceTemplateId', 'version', 'createdAt', 'updatedAt']);
// No author among the filters: a customer could test a hidden staff email against them (DEPLOY-6).
const VERSION_FIELDS: ReadonlySet<string> = new Set(['version', 'createdAt']);

const createExtrasSchema = z.object({
  scope: z.enum(['gallery', 'account'], { error: 'validation.invalid_value' }).default('account'),
  description: z.string({ error: 'validation.invalid_value' }).max(255, { error: 'validation.max_length_255' }).default(''),
  sourceTemplateId: z.number({ error: 'validation.invalid_value' }).int().positive().nullable().default(null),
});

interface TemplateCreation {
  extras: z.output<typeof createExtrasSchema>;
  input: TemplateInput;
}

/** Gallery templates are global items: ROLE_ADMIN only (ROLE-1, spec section 6). */
const requireGalleryRight = (session: Session, operation: 'global.write' | 'global.remove'): void => {
  if (!can(session.roles, operation, 'own')) throw new ApiError(403, [violation(deniedKey(session.roles, operation))]);
};

const requireTemplateWrite = (session: Session, row: PopupTemplateRow, operation: 'global.write' | 'global.remove' = 'global.write'): void => {
  if (row.scope === 'gallery') requireGalleryRight(session, operation);
  else requirePermission(session, 'consentSolutions.write');
};

const parseVersion = (param: string | undefined): number | undefined => (param !== undefined && /^\d{1,9}$/.test(param) ? Number(param) : undefined);

const versionOf = (data: TemplateData, row: PopupTemplateRow, param: string | undefined, propertyPath = ''): TemplateVersionRow => {
  const version = parseVersion(param);
  const found = version === undefined ? undefined : data.versions().find((v) => v.templateId === row.id && v.version === version);
  if (!found) throw new ApiError(404, [violation('error.backend.template_version_not_found', propertyPath)]);
  return found;
};

/** Line diffs of every field that differs between two versions (BEYOND-2). */
const diffVersions = (from: TemplateVersionRow, to: TemplateVersionRow): Record<string, Change[]> => {
  const fields: Record<string, Change[]> = {};
  for (const field of ['name', ...TEMPLATE_CODE_FIELDS] as const) {
    if (from[field] !== to[field]) fields[field] = diffLines(from[field], to[field]);
  }
  return fields;
};

/** DEPLOY-6: a template as `caller` may see it: the provider's staff unnamed to customers. */
const shownTemplate = (ctx: ServerContext, row: PopupTemplateRow, caller: Session): PopupTemplate => ({
  ...row,
  updatedBy: shownAuthor(ctx.store, caller, row.updatedBy, { global: row.scope === 'gallery' }),
});

const shownVersion = (ctx: ServerContext, row: TemplateVersionRow, caller: Session): TemplateVersion => ({
  ...structuredClone(row),
  createdBy: shownAuthor(ctx.store, caller, row.createdBy, { global: row.accountId === null }),
});

/** Pop-up templates as a plain collection: the gallery is readable by every account, writable by ROLE_ADMIN. */
const templateCollection = (ctx: ServerContext): CollectionDefinition<PopupTemplateRow, TemplateCreation, TemplateInput> => {
  const data = templateData(ctx.store);
  data.ensureGallery(ctx.now().toISOString());
  const nowIso = (): string => ctx.now().toISOString();

  return {
    name: TEMPLATES,
    path: PATH,
    operations: { read: 'consentSolutions.read', write: 'consentSolutions.write', delete: 'consentSolutions.write' },
    own: (caller, id) => data.readable(caller, id),
    list: {
      fields: LIST_FIELDS,
      matches: (row, needle) => row.name.toLowerCase().includes(needle),
      visible: (row, caller) => row.scope === 'gallery' || row.accountId === caller.accountId,
    },
    answer: (row, caller) => shownTemplate(ctx, row, caller),
    // The gallery right is checked before the body, as `permit` is: a refused role gets no validation answer.
    validate: {
      create: (body, caller) => {
        const extras = parseOrThrow(createExtrasSchema, { scope: body.scope, description: body.description, sourceTemplateId: body.sourceTemplateId });
        if (extras.scope === 'gallery') requireGalleryRight(caller, 'global.write');
        return { extras, input: parseOrThrow(templateInputSchema, body) };
      },
      update: (row, body, caller) => {
        requireTemplateWrite(caller, row);
        return parseUpdate(templateInputSchema, row, body, ['name', ...TEMPLATE_CODE_FIELDS]);
      },
    },
    rules: {
      create: ({ extras, input }, caller) => {
        if (extras.sourceTemplateId !== null) {
          const source = data.templates().find((t) => t.id === extras.sourceTemplateId);
          if (!source || (source.scope === 'account' && source.accountId !== caller.accountId)) {
            throw new ApiError(400, [violation('error.backend.template_not_found', 'sourceTemplateId')]);
          }
        }
        const now = nowIso();
        return {
          accountId: extras.scope === 'gallery' ? null : caller.accountId,
          scope: extras.scope,
          name: input.name,
          description: extras.description,
          isDefault: false,
          sourceTemplateId: extras.sourceTemplateId,
          version: 1,
          ...codeOf(input),
          createdAt: now,
          updatedAt: now,
          updatedBy: caller.user.email,
        };
      },
      /** Every save is a version. */
      update: (row, input, caller) => data.saved(row, input, caller.user.email, nowIso()),
      delete: (row, caller) => {
        requireTemplateWrite(caller, row, 'global.remove');
        if (row.isDefault || data.settings().some((s) => s.mode === 'custom' && s.templateId === row.id)) {
          throw new ApiError(409, [violation('error.backend.template_in_use')]);
        }
      },
    },
    // SEC-2: a deleted template's versions go with it (store/cascade.ts).
    after: {
      create: (row) => {
        data.recordVersion(row, row.updatedBy, row.updatedAt);
      },
      update: (row) => {
        data.recordVersion(row, row.updatedBy, row.updatedAt);
      },
    },
  };
};

/** A template's versions, newest first (BEYOND-2): its history, read only. */
const templateVersionCollection = (ctx: ServerContext): CollectionDefinition<TemplateVersionRow, never, never> => {
  const data = templateData(ctx.store);
  return {
    name: TEMPLATE_VERSIONS,
    path: `${ITEM}/versions`,
    operations: { read: 'consentSolutions.read' },
    list: {
      fields: VERSION_FIELDS,
      scope: (caller, params) => ({ templateId: String(data.readable(caller, params.id).id) }),
      order: { _sort: 'version', _order: 'desc' },
    },
    answer: (row, caller) => shownVersion(ctx, row, caller),
    validate: {},
    rules: {},
  };
};

/** A template's version, the diff of two and restoring one (BEYOND-2). */
const templateActions = (ctx: ServerContext): Router => {
  const router = Router();
  const data = templateData(ctx.store);
  const session = requireSession(ctx.store, ctx.now);
  const nowIso = (): string => ctx.now().toISOString();

  const readable = (req: Parameters<RequestHandler>[0]): PopupTemplateRow => data.readable(getSession(req), req.params.id);

  router.get(`${ITEM}/versions/:version`, session, noQuery, (req, res) => {
    res.json(shownVersion(ctx, versionOf(data, readable(req), req.params.version), getSession(req)));
  });

  /** `?from=1&to=3` → the line changes of every field that differs (side-by-side diff). */
  router.get(`${ITEM}/diff`, session, (req, res) => {
    const row = readable(req);
    const extra = Object.keys(req.query).find((key) => key !== 'from' && key !== 'to');
    if (extra !== undefined) throw new ApiError(400, [violation('error.backend.invalid_query', extra)]);
    const param = (name: 'from' | 'to'): string | undefined => (typeof req.query[name] === 'string' ? req.query[name] : undefined);
    const from = versionOf(data, row, param('from'), 'from');
    const to = versionOf(data, row, param('to'), 'to');
    res.json({ templateId: row.id, from: from.version, to: to.version, fields: diffVersions(from, to) });
  });

  router.post(`${ITEM}/versions/:version/restore`, session, noQuery, (req, res) => {
    const caller = getSession(req);
    const row = readable(req);
    requireTemplateWrite(caller, row);
    const old = versionOf(data, row, req.params.version);
    data.save(row, { name: old.name, ...codeOf(old) }, caller.user.email, nowIso(), old.version);
    data.write();
    res.json(shownTemplate(ctx, row, caller));
  });

  return router;
};

export const templatesFeature: Feature = {
  name: 'popup-templates',
  routes: (ctx, { bridge }) => [
    collectionRoutes(ctx, bridge, templateCollection(ctx)),
    collectionRoutes(ctx, bridge, templateVersionCollection(ctx)),
    templateActions(ctx),
  ],
};
