import { once } from 'node:events';
import type { RequestHandler, Response } from 'express';
import { z } from 'zod';
import { getSession } from '../auth/session';
import { toApiRecord } from '../consent/records';
import type { ServerContext } from '../context/context';
import { toCsv, toCsvRows } from '../http/csv';
import { asyncHandler } from '../http/errors';
import { consentSolutionRows, consentSolutionNotFound } from '../data/consentSolutions';
import { parseOrThrow } from '../http/validation';

/**
 * LOG-3: `GET /consent-records/export?format=csv|jsonl&consentSolutionId&from&to` — every record
 * of the account (or of one solution) received in the days [from, to], oldest first, streamed a
 * page at a time with the socket's back-pressure: memory stays flat whatever the size. CSV cells
 * that a spreadsheet would run as formulas are neutralised as in the other exports (SEC-6).
 */

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = z
  .string()
  .regex(DAY, { error: 'validation.datetime_invalid' })
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), { error: 'validation.datetime_invalid' });

const querySchema = z
  .object({
    format: z.enum(['csv', 'jsonl'], { error: 'validation.invalid_value' }).default('csv'),
    consentSolutionId: z
      .string()
      .regex(/^\d{1,15}$/, { error: 'validation.invalid_value' })
      .transform(Number)
      .optional(),
    from: day.optional(),
    to: day.optional(),
  })
  .strict()
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, { error: 'validation.date_range_invalid', path: ['from'] });

export const EXPORT_COLUMNS = ['id', 'consentSolutionId', 'consentSolutionName', 'domain', 'decidedAt', 'receivedAt', 'action', 'categories', 'consentVersion', 'anonymousId', 'language', 'gpc', 'regionRule', 'tcString'];

const write = async (res: Response, chunk: string): Promise<void> => {
  if (chunk !== '' && !res.write(chunk)) await once(res, 'drain');
};

export const exportRoute = (ctx: ServerContext, solutionName: (id: number) => string | null): RequestHandler =>
  asyncHandler(async (req, res) => {
    const caller = getSession(req);
    const query = parseOrThrow(querySchema, req.query);
    const solutionId = query.consentSolutionId ?? null;
    if (solutionId !== null && !consentSolutionRows(ctx.store).some((s) => s.id === solutionId && s.accountId === caller.accountId)) throw consentSolutionNotFound();
    const from = query.from === undefined ? '-infinity' : `${query.from}T00:00:00.000Z`;
    const to = query.to === undefined ? 'infinity' : new Date(Date.parse(`${query.to}T00:00:00Z`) + 86_400_000).toISOString();
    const pages = ctx.consentLog.pages({ accountId: caller.accountId, consentSolutionId: solutionId, from, to });

    res.status(200);
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Content-Disposition', `attachment; filename="consent-records.${query.format}"`);
    res.type(query.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8');
    let closed = false;
    res.once('close', () => {
      closed = true;
    });
    try {
      if (query.format === 'csv') await write(res, `${toCsv(EXPORT_COLUMNS, [])}\n`);
      for await (const page of pages) {
        if (closed) break;
        const records = page.map((row) => toApiRecord(row, solutionName(row.consentSolutionId)));
        await write(
          res,
          query.format === 'csv'
            ? toCsvRows(
                EXPORT_COLUMNS,
                records.map((r) => ({ ...r, categories: r.categories.join(' '), gpc: String(r.gpc) })),
              )
            : records.map((r) => `${JSON.stringify(r)}\n`).join(''),
        );
      }
      res.end();
    } catch (error) {
      // Headers are gone: a cut-off file must not look complete.
      res.destroy(error instanceof Error ? error : new Error(String(error)));
    } finally {
      await pages.return(undefined);
    }
  });
