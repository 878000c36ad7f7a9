import { createHash } from 'node:crypto';
import type { PublicationSnapshot, PublishArea, PublishStatus } from '../../src/schemas/popupTemplate';
import { bannerContent } from '../cdn/bundle';
import { codeOf, templateData } from '../cdn/templateData';
import type { PublicationRow } from '../cdn/types';
import { solutionLanguages, standardsOf } from '../data/consentSolutions';
import { cookieRows } from '../data/cookies';
import type { Store } from '../store/store';
import type { ConsentSolutionRow } from '../store/types';
import { settingsOf, tcfSettingsOf } from '../tcf/tcfSettings';

/*
 * PROMISE-4: what a publish was made from, one fingerprint per area the admin edits (texts,
 * cookies, template, settings), so the API can say what changed since the live version without
 * keeping a copy of every row. Keys are sorted: the store may write a row's fields in any order.
 */

const canonical = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(canonical)
    : value !== null && typeof value === 'object'
      ? Object.fromEntries(
          Object.entries(value)
            .filter(([, v]) => v !== undefined)
            .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
            .map(([k, v]) => [k, canonical(v)]),
        )
      : value;

const fingerprint = (value: unknown): string =>
  createHash('sha256')
    .update(JSON.stringify(canonical(value)))
    .digest('hex');

/** The fields of a cookie the banner shows; when the scanner last saw it is not one. */
const publishedCookie = ({
  id,
  accountId,
  consentSolutionId,
  source,
  firstSeen,
  lastSeen,
  createdAt,
  updatedAt,
  ...shown
}: ReturnType<typeof cookieRows>[number]) => {
  void [id, accountId, consentSolutionId, source, firstSeen, lastSeen, createdAt, updatedAt];
  return shown;
};

export const publicationSnapshot = (store: Store, solution: ConsentSolutionRow): PublicationSnapshot => {
  // The texts the banner shows, after fallbacks: saving a default text unchanged is no change.
  const texts = solutionLanguages(solution).map((language) => ({ language, texts: bannerContent(store, solution, language).texts }));
  const cookies = cookieRows(store)
    .filter((cookie) => cookie.consentSolutionId === solution.id)
    .map(publishedCookie)
    .sort((a, b) => JSON.stringify(canonical(a)).localeCompare(JSON.stringify(canonical(b))));
  const template = templateData(store).activeTemplate(solution.id);
  return {
    texts: fingerprint({ defaultLanguage: solution.defaultLanguage, additionalLanguages: solution.additionalLanguages, texts }),
    cookies: fingerprint(cookies),
    template: fingerprint({ id: template.id, code: codeOf(template) }),
    settings: fingerprint({
      autoblocking: solution.autoblocking,
      sharedConsent: solution.sharedConsent,
      standards: standardsOf(solution),
      tcf: settingsOf(tcfSettingsOf(store, solution.id)),
    }),
  };
};

/**
 * PROMISE-4: the live version and what changed since it, from its snapshot versus the current
 * state. A publication made before snapshots cannot tell: `changes` null.
 */
export const publishStatus = (store: Store, solution: ConsentSolutionRow): PublishStatus => {
  const data = templateData(store);
  const liveId = data.settingsOf(solution.id)?.publishedPublicationId;
  const live: PublicationRow | undefined = data.publications().find((p) => p.id === liveId);
  if (!live) return { published: null, changes: [] };
  const published = { version: live.version, publishedAt: live.publishedAt };
  if (!live.snapshot) return { published, changes: null };
  const now = publicationSnapshot(store, solution);
  const before = live.snapshot;
  return { published, changes: (Object.keys(now) as PublishArea[]).filter((area) => now[area] !== before[area]) };
};
