import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import {
  emptyTexts,
  flattenTexts,
  groupFieldKeys,
  isTranslationGroup,
  isTranslationKey,
  missingTextKeys,
  setTextAt,
  translationGroupSchemas,
  TRANSLATION_GROUPS,
  TRANSLATION_KEYS,
  type CompletenessCell,
  type LanguageTexts as TranslationJson,
  type StoredTexts,
} from '../../src/schemas/translations';
import type { LanguageCode } from '../../src/shared/languages';
import { getSession, requireSession } from '../auth/session';
import type { ServerContext } from '../context/context';
import { collectionRoutes, type CollectionDefinition } from '../collections/collectionRoutes';
import type { Feature } from '../context/feature';
import { acceptBody } from '../http/bodyParsers';
import { ApiError, methodNotAllowed, violation } from '../http/errors';
import type { ConsentSolutionRow, TranslationRow } from '../store/types';
import { parseImportCsv, toCsv } from '../http/csv';
import { markDryRunAsRead } from '../audit/auditTrail';
import { dryRunOf, importBody, isJsonImport, parseImportJson } from '../http/importFile';
import { importTranslations, languageNotInSolution, type ImportEntry } from '../rules/translations';
import { cookieRows } from '../data/cookies';
import { ownTranslation, TRANSLATIONS, translationRowForWrite, translationRowOf, translationRows } from '../data/translations';
import { ownSolution, solutionLanguages } from '../data/consentSolutions';
import { noQuery } from '../http/query';
import { parseOrThrow } from '../http/validation';
import { requirePermission } from '../guards/permissions';
import { defaultTextAt, marksAfterWrite, shippedDefaultsFor } from '../seed/defaultTranslations';

/**
 * Copy and translations (docs/api.md "Translations", ENT-3, ROUTE-17, BEYOND-5). One stored row
 * per solution and language; the groups are validated with the shared zod schemas of
 * src/schemas/translations.ts, the same the admin's forms are generated from (VAL-4).
 */

const BASE = '/consent-solutions/:id/translations';

/** BEYOND-7: an import previewed with `?dryRun=true` changes nothing, so it is no entry of the audit log. */
const previewIsRead = markDryRunAsRead((req) => dryRunOf(req.query));

const COMPLETENESS_GROUPS = [...TRANSLATION_GROUPS, 'cookiePurposes'] as const;

const LIST_FIELDS: ReadonlySet<string> = new Set(['consentSolutionId', 'language', 'updatedAt']);

/** The groups a row's update names (at least one, no other key), each with all its texts (VAL-1, as a group's PUT). */
const textsUpdateSchema = z.object(
  {
    texts: z
      .strictObject(
        {
          popup: translationGroupSchemas.popup.optional(),
          cookiePolicy: translationGroupSchemas.cookiePolicy.optional(),
          privacyControls: translationGroupSchemas.privacyControls.optional(),
          categories: translationGroupSchemas.categories.optional(),
        },
        { error: 'validation.invalid_value' },
      )
      .refine((groups) => Object.keys(groups).length > 0, { error: 'validation.required' }),
  },
  { error: 'validation.invalid_value' },
);

type GroupTexts = Partial<Record<keyof StoredTexts, Record<string, unknown>>>;

/** I18N-2: the texts to put back to their default, by full key, each once. */
const resetSchema = z.strictObject(
  {
    keys: z
      .array(z.string({ error: 'validation.translation_key_unknown' }), { error: 'validation.required' })
      .min(1, { error: 'validation.required' })
      .max(TRANSLATION_KEYS.length, { error: 'validation.invalid_value' })
      .refine((keys) => new Set(keys).size === keys.length, { error: 'validation.invalid_value' }),
  },
  { error: 'validation.invalid_value' },
);

/** A row's texts with these groups replaced (the others as stored). */
const withGroups = (texts: StoredTexts, groups: GroupTexts): StoredTexts => ({ ...structuredClone(texts), ...groups });

/**
 * The stored rows (ENT-3), one per solution and language, as a plain collection: listed
 * (`consentSolutionId`, `language`), read, updated by group and removed (the language's texts
 * are then missing). They are made with their solution or language, so there is no POST. The
 * app reads and writes texts per language and group through the routes below, whose shapes
 * (every language of the solution, one with no row included; a group saved alone) are not rows.
 */
const translationCollection = (ctx: ServerContext): CollectionDefinition<TranslationRow, never, GroupTexts> => ({
  name: TRANSLATIONS,
  path: '/translations',
  operations: { read: 'consentSolutions.read', write: 'consentSolutions.write', delete: 'consentSolutions.write' },
  own: (caller, id) => ownTranslation(ctx.store, caller, id),
  list: { fields: LIST_FIELDS, matches: (row, needle) => row.language.includes(needle) },
  validate: { update: (_row, body) => parseOrThrow(textsUpdateSchema, body).texts as GroupTexts },
  rules: {
    update: (row, groups) => {
      const texts = withGroups(row.texts, groups);
      return { texts, defaultKeys: marksAfterWrite(row, row.texts, texts), updatedAt: ctx.now().toISOString() };
    },
  },
});

const translationRoutes = (ctx: ServerContext): Router => {
  const router = Router();
  const session = requireSession(ctx.store, ctx.now);
  const body = acceptBody({ json: true });
  translationRows(ctx.store);

  const ownWritable: RequestHandler = (req, _res, next) => {
    const caller = getSession(req);
    ownSolution(ctx.store, caller, req.params.id);
    requirePermission(caller, 'consentSolutions.write');
    next();
  };

  const toJson = (solution: ConsentSolutionRow, language: LanguageCode): TranslationJson => {
    const row = translationRowOf(ctx.store, solution, language);
    return {
      language,
      texts: structuredClone(row?.texts ?? emptyTexts()),
      updatedAt: row?.updatedAt ?? null,
      defaultKeys: [...(row?.defaultKeys ?? [])],
      defaults: shippedDefaultsFor(language),
    };
  };

  /** A language of the solution, or 400 on `language` (the solution's languages are the only ones it has texts for). */
  const languageOf = (solution: ConsentSolutionRow, param: string | undefined): LanguageCode => {
    const language = solutionLanguages(solution).find((code) => code === param);
    if (!language) throw new ApiError(400, [languageNotInSolution('language')]);
    return language;
  };

  router.get(BASE, session, noQuery, (req, res) => {
    const solution = ownSolution(ctx.store, getSession(req), req.params.id);
    res.json(solutionLanguages(solution).map((language) => toJson(solution, language)));
  });

  /** BEYOND-5: languages × groups, with the missing count and the first gap of each cell. */
  router.get(`${BASE}/completeness`, session, noQuery, (req, res) => {
    const solution = ownSolution(ctx.store, getSession(req), req.params.id);
    const cookies = cookieRows(ctx.store)
      .filter((cookie) => cookie.consentSolutionId === solution.id)
      .sort((a, b) => a.id - b.id);
    const cells: CompletenessCell[] = [];
    for (const language of solutionLanguages(solution)) {
      const row = translationRowOf(ctx.store, solution, language);
      const marked = new Set(row?.defaultKeys);
      for (const group of TRANSLATION_GROUPS) {
        const missing = missingTextKeys(group, row?.texts[group]);
        const defaults = groupFieldKeys(group).filter((field) => marked.has(`${group}.${field}`) && !missing.includes(field)).length;
        cells.push({ language, group, missing: missing.length, defaults, total: groupFieldKeys(group).length, firstMissing: missing[0] ?? null });
      }
      const withoutPurpose = cookies.filter((cookie) => (cookie.purpose[language] ?? '').trim() === '');
      cells.push({
        language,
        group: 'cookiePurposes',
        missing: withoutPurpose.length,
        defaults: 0,
        total: cookies.length,
        firstMissing: withoutPurpose[0] === undefined ? null : String(withoutPurpose[0].id),
      });
    }
    res.json({ languages: solutionLanguages(solution), groups: COMPLETENESS_GROUPS, fallbackLanguage: solution.defaultLanguage, cells });
  });

  router.get(`${BASE}/export`, session, (req, res) => {
    const solution = ownSolution(ctx.store, getSession(req), req.params.id);
    const extra = Object.keys(req.query).find((key) => key !== 'format');
    const format = req.query.format ?? 'json';
    if (extra !== undefined) throw new ApiError(400, [violation('error.backend.invalid_query', extra)]);
    if (format !== 'json' && format !== 'csv') throw new ApiError(400, [violation('error.backend.invalid_query', 'format')]);
    const languages = solutionLanguages(solution);
    const filename = `translations-${solution.id}.${format}`;
    res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
    if (format === 'json') {
      res.json(
        Object.fromEntries(languages.map((language) => [language, structuredClone(translationRowOf(ctx.store, solution, language)?.texts ?? emptyTexts())])),
      );
      return;
    }
    // One row per key and language; a missing text is an empty cell (and importing it changes nothing).
    const rows = languages.flatMap((language) => {
      const flat = flattenTexts(translationRowOf(ctx.store, solution, language)?.texts);
      return TRANSLATION_KEYS.map((key) => ({ key, language, text: flat[key] ?? '' }));
    });
    res.type('text/csv').send(toCsv(['key', 'language', 'text'], rows));
  });

  /**
   * Import (JSON as exported, or CSV `key,language,text`): every row is checked first; one bad
   * row refuses the whole file (400 with the row numbers) and nothing changes. `?dryRun=true`
   * answers the same preview without writing. An empty text leaves the stored one as it is.
   */
  router.post(`${BASE}/import`, session, ownWritable, previewIsRead, importBody, (req, res) => {
    const solution = ownSolution(ctx.store, getSession(req), req.params.id);
    const extra = Object.keys(req.query).find((key) => key !== 'dryRun');
    if (extra !== undefined) throw new ApiError(400, [violation('error.backend.invalid_query', extra)]);
    const text = req.body as string;
    const entries = isJsonImport(req.headers['content-type']) ? jsonEntries(text) : csvEntries(text);
    res.json(importTranslations(ctx, solution, entries, dryRunOf(req.query)));
  });

  router.get(`${BASE}/:language`, session, noQuery, (req, res) => {
    const solution = ownSolution(ctx.store, getSession(req), req.params.id);
    res.json(toJson(solution, languageOf(solution, req.params.language)));
  });

  /** Saves one group of one language; every text of the group is required (VAL-1). */
  router.put(`${BASE}/:language/:group`, session, noQuery, ownWritable, body, (req, res) => {
    const solution = ownSolution(ctx.store, getSession(req), req.params.id);
    const language = languageOf(solution, req.params.language);
    const group = req.params.group;
    if (!isTranslationGroup(group)) throw new ApiError(404, 'error.backend.not_found');
    const texts = parseOrThrow(translationGroupSchemas[group], req.body);
    const row = translationRowForWrite(ctx.store, solution, language, ctx.now().toISOString());
    const next = withGroups(row.texts, { [group]: texts });
    row.defaultKeys = marksAfterWrite(row, row.texts, next);
    row.texts = next;
    row.updatedAt = ctx.now().toISOString();
    ctx.store.write();
    res.json(toJson(solution, language));
  });

  /**
   * I18N-2: puts texts back to their default (`{ keys: ['popup.bannerHeading'] }`), marked as
   * defaults again; a key the language has no default text for refuses the whole request.
   */
  router.post(`${BASE}/:language/reset`, session, noQuery, ownWritable, body, (req, res) => {
    const solution = ownSolution(ctx.store, getSession(req), req.params.id);
    const language = languageOf(solution, req.params.language);
    const { keys } = parseOrThrow(resetSchema, req.body);
    const problems = keys.flatMap((key, index) => {
      if (!isTranslationKey(key)) return [violation('validation.translation_key_unknown', `keys.${index}`)];
      return defaultTextAt(language, key) === undefined ? [violation('validation.translation_no_default', `keys.${index}`)] : [];
    });
    if (problems.length > 0) throw new ApiError(400, problems);
    const now = ctx.now().toISOString();
    const row = translationRowForWrite(ctx.store, solution, language, now);
    const next = structuredClone(row.texts);
    for (const key of keys) setTextAt(next, key, defaultTextAt(language, key) ?? '');
    row.defaultKeys = TRANSLATION_KEYS.filter((key) => keys.includes(key) || (row.defaultKeys ?? []).includes(key));
    row.texts = next;
    row.updatedAt = now;
    ctx.store.write();
    res.json(toJson(solution, language));
  });

  router.all([BASE, `${BASE}/:language`, `${BASE}/:language/:group`, `${BASE}/:language/reset`], session, methodNotAllowed);

  return router;
};

const formatInvalid = (path = ''): ApiError => new ApiError(400, [violation('validation.import_format_invalid', path)]);

/** The CSV `key,language,text`; rows are numbered from 1 after the header. */
const csvEntries = (text: string): ImportEntry[] => {
  const csv = parseImportCsv(text);
  if (!csv || !['key', 'language', 'text'].every((column) => csv.columns.includes(column))) throw formatInvalid('columns');
  return csv.rows.map((row, index) => ({
    language: (row.language ?? '').trim(),
    key: (row.key ?? '').trim(),
    text: row.text ?? '',
    path: (column) => `rows.${index + 1}.${column}`,
  }));
};

/** The JSON export's shape `{ language: { group: { field: text } } }`, read leaf by leaf in file order. */
const jsonEntries = (text: string): ImportEntry[] => {
  const json = parseImportJson(text);
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw formatInvalid();
  const entries: ImportEntry[] = [];
  const walk = (language: string, node: unknown, prefix: string): void => {
    if (typeof node === 'object' && node !== null && !Array.isArray(node) && !isTranslationKey(prefix)) {
      for (const [key, child] of Object.entries(node)) walk(language, child, prefix === '' ? key : `${prefix}.${key}`);
      return;
    }
    const path = `${language}${prefix === '' ? '' : `.${prefix}`}`;
    if (typeof node !== 'string')
      throw new ApiError(400, [violation(isTranslationKey(prefix) ? 'validation.invalid_value' : 'validation.translation_key_unknown', path)]);
    entries.push({ language, key: prefix, text: node, path: (column) => (column === 'language' ? language : path) });
  };
  for (const [language, tree] of Object.entries(json)) walk(language, tree, '');
  return entries;
};

export const translationsFeature: Feature = {
  name: 'translations',
  routes: (ctx, { bridge }) => [collectionRoutes(ctx, bridge, translationCollection(ctx)), translationRoutes(ctx)],
};
