import { diffLines, type Change } from 'diff';
import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import { TEMPLATE_CODE_FIELDS, templateInputSchema, type TemplateInput } from '../../src/schemas/template';
import { can, deniedKey } from '../../src/shared/permissions';
import { getSession, requireSession, type Session } from '../auth/session';
import { codeOf, templateData, TEMPLATES, type TemplateData } from '../banner/templateData';
import type { PopupTemplateRow, TemplateVersionRow } from '../banner/types';
import type { ServerContext } from '../context/context';
import { acceptBody } from '../http/bodyParsers';
import { ApiError, violation } from '../http/errors';
import { removeRow } from '../store/cascade';
import { listRows } from './listRows';
import { noQuery } from '../http/query';
import { parseOrThrow } from '../http/validation';
import { requirePermission } from '../guards/permissions';

/**
 * Pop-up templates (docs/api.md "Templates and publishing", ROUTE-13, ROUTE-19, BEYOND-2):
 * the gallery (global, ROLE_ADMIN edits it) and each account's own templates. Every save is a
 * new version; versions are listed, diffed and restored (a restore is a new version too).
 */

const PATH = '/popup-templates';
const ITEM = `${PATH}/:id`;

const LIST_FIELDS: ReadonlySet<string> = new Set(['scope', 'name', 'isDefault', 'sourceTemplateId', 'version', 'createdAt', 'updatedAt']);
const VERSION_FIELDS: ReadonlySet<string> = new Set(['version', 'createdAt', 'createdBy']);

const createExtrasSchema = z.object({
  scope: z.enum(['gallery', 'account'], { error: 'validation.invalid_value' }).default('account'),
  description: z.string({ error: 'validation.invalid_value' }).max(255, { error: 'validation.max_length_255' }).default(''),
  sourceTemplateId: z.number({ error: 'validation.invalid_value' }).int().positive().nullable().default(null),
});

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

export const templateRoutes = (ctx: ServerContext): Router => {
  const router = Router();
  const data = templateData(ctx.store);
  data.ensureGallery(ctx.now().toISOString());
  const session = requireSession(ctx.store, ctx.now);
  const body = acceptBody({ json: true });
  const nowIso = (): string => ctx.now().toISOString();

  const readable = (req: Parameters<RequestHandler>[0]): PopupTemplateRow => data.readable(getSession(req), req.params.id);

  router.get(PATH, session, (req, res) => {
    const caller = getSession(req);
    const { page, total } = listRows(data.templates(), req.query, {
      fields: LIST_FIELDS,
      scope: (row) => row.scope === 'gallery' || row.accountId === caller.accountId,
      matches: (row, needle) => row.name.toLowerCase().includes(needle),
    });
    res.setHeader('X-Total-Count', total);
    res.json(page);
  });

  router.post(PATH, session, noQuery, body, (req, res) => {
    const caller = getSession(req);
    const raw = req.body as Record<string, unknown>;
    const extras = parseOrThrow(createExtrasSchema, { scope: raw.scope, description: raw.description, sourceTemplateId: raw.sourceTemplateId });
    if (extras.scope === 'gallery') requireGalleryRight(caller, 'global.write');
    else requirePermission(caller, 'consentSolutions.write');
    const input = parseOrThrow(templateInputSchema, raw);
    if (extras.sourceTemplateId !== null) {
      const source = data.templates().find((t) => t.id === extras.sourceTemplateId);
      if (!source || (source.scope === 'account' && source.accountId !== caller.accountId)) {
        throw new ApiError(400, [violation('error.backend.template_not_found', 'sourceTemplateId')]);
      }
    }
    const now = nowIso();
    const row: PopupTemplateRow = {
      id: ctx.store.nextId('popupTemplates'),
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
    data.templates().push(row);
    data.recordVersion(row, caller.user.email, now);
    data.write();
    res.status(201).location(`${PATH}/${row.id}`).json(structuredClone(row));
  });

  router.all(PATH, session, () => {
    throw new ApiError(405, 'error.backend.method_not_allowed');
  });

  router.get(ITEM, session, noQuery, (req, res) => {
    res.json(structuredClone(readable(req)));
  });

  /** Every save is a version. PATCH merges into the current content; PUT replaces it. */
  const save =
    (merge: boolean): RequestHandler =>
    (req, res) => {
      const caller = getSession(req);
      const row = readable(req);
      requireTemplateWrite(caller, row);
      const raw = req.body as Record<string, unknown>;
      const candidate: Record<string, unknown> = merge ? { name: row.name, ...codeOf(row) } : {};
      for (const key of ['name', ...TEMPLATE_CODE_FIELDS]) if (Object.hasOwn(raw, key)) candidate[key] = raw[key];
      const input: TemplateInput = parseOrThrow(templateInputSchema, candidate);
      data.save(row, input, caller.user.email, nowIso());
      data.write();
      res.json(structuredClone(row));
    };
  router.put(ITEM, session, noQuery, body, save(false));
  router.patch(ITEM, session, noQuery, body, save(true));

  router.delete(ITEM, session, noQuery, (req, res) => {
    const caller = getSession(req);
    const row = readable(req);
    requireTemplateWrite(caller, row, 'global.remove');
    if (row.isDefault || data.settings().some((s) => s.mode === 'custom' && s.templateId === row.id)) {
      throw new ApiError(409, [violation('error.backend.template_in_use')]);
    }
    // SEC-2: its versions go with it.
    removeRow(ctx.store, TEMPLATES, row.id);
    data.write();
    res.status(204).end();
  });

  router.all(ITEM, session, () => {
    throw new ApiError(405, 'error.backend.method_not_allowed');
  });

  router.get(`${ITEM}/versions`, session, (req, res) => {
    const row = readable(req);
    const query = { _sort: 'version', _order: 'desc', ...req.query };
    const { page, total } = listRows(data.versions(), query, { fields: VERSION_FIELDS, scope: (v) => v.templateId === row.id });
    res.setHeader('X-Total-Count', total);
    res.json(page);
  });

  router.get(`${ITEM}/versions/:version`, session, noQuery, (req, res) => {
    res.json(structuredClone(versionOf(data, readable(req), req.params.version)));
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
    res.json(structuredClone(row));
  });

  return router;
};

