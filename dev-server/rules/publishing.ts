import { publishedScripts } from '../cdn/bundle';
import {
  declarationFileName,
  fullScriptFileName,
  gppFileName,
  languageScriptFileName,
  loaderFileName,
  tcfListPath,
  uiFileName,
  writeScript,
  type WrittenScript,
} from '../cdn/cdnFiles';
import { compileViolations } from '../cdn/compile';
import { declarationScripts } from '../cdn/declaration';
import { codeOf, templateData } from '../cdn/templateData';
import type { PublicationRow } from '../cdn/types';
import type { ServerContext } from '../context/context';
import { solutionLanguages, standardsOf } from '../data/consentSolutions';
import { ApiError, violation } from '../http/errors';
import type { ConsentSolutionRow } from '../store/types';
import { publicationSnapshot } from './publicationSnapshot';
import { pinFor, TCF_CMP_VERSION, tcfBundle } from '../tcf/tcfBundle';
import { latestPublishedTcf, settingsOf, tcfSettingsOf } from '../tcf/tcfSettings';

/** Per language, a publication's file and its SHA-256. */
type LanguageFiles = Record<string, { file: string; sha256: string }>;

/**
 * BEYOND-2: builds the banner from the active template, every language's texts and the
 * cookie list, writes it as a new file, and only then switches the solution to it. A template
 * that does not compile answers 422 regeneration error; a failed write 424 publishing error;
 * in both cases nothing changed. `needsReconsent` pushes for consent in the same step, so the
 * published banner already carries the new consent version.
 */
export const publishBanner = (
  ctx: ServerContext,
  solution: ConsentSolutionRow,
  { needsReconsent, publishedBy }: { needsReconsent: boolean; publishedBy: string },
): PublicationRow => {
  const data = templateData(ctx.store);
  const template = data.activeTemplate(solution.id);
  const problems = compileViolations(template);
  if (problems.length > 0) throw new ApiError(422, problems);

  const version = data.publications().reduce((max, p) => (p.consentSolutionId === solution.id ? Math.max(max, p.version) : max), 0) + 1;
  const consentVersion = needsReconsent ? solution.consentVersion + 1 : solution.consentVersion;
  // TCF-3: a banner with TCF on pins the GVL it is built with.
  const tcfSettings = settingsOf(tcfSettingsOf(ctx.store, solution.id));
  const gvl = ctx.gvl.current();
  const pin = tcfSettings.enabled ? pinFor(tcfSettings, gvl, latestPublishedTcf(data.publications(), solution.id)) : null;
  const tcf = pin
    ? tcfBundle(tcfSettings, gvl, solutionLanguages(solution), ctx.tcfCmpId, pin, {
        acProviders: ctx.acProviders.current().providers,
        listPath: tcfListPath(solution.id, version),
      })
    : undefined;
  const scripts = publishedScripts(ctx.store, { ...solution, consentVersion }, codeOf(template), version, {
    tcf,
    cmpId: ctx.tcfCmpId,
    cmpVersion: TCF_CMP_VERSION,
  });
  const declaration = declarationScripts(ctx.store, { ...solution, consentVersion });
  let written: WrittenScript;
  let declarationWritten: WrittenScript;
  let declarationFiles: LanguageFiles;
  let languageFiles: LanguageFiles;
  let uiFiles: LanguageFiles;
  let fullFiles: LanguageFiles;
  let loaderWritten: WrittenScript;
  let gppWritten: WrittenScript | undefined;
  /** One script per language, written under `fileName(version, language)`. */
  const writeLanguages = (byLanguage: Record<string, string>, fileName: (version: number, language: string) => string): LanguageFiles =>
    Object.fromEntries(
      Object.entries(byLanguage).map(([language, script]) => {
        const { file, sha256 } = writeScript(ctx.store.file, solution.id, version, script, fileName(version, language));
        return [language, { file, sha256 }];
      }),
    );
  try {
    declarationWritten = writeScript(ctx.store.file, solution.id, version, declaration.all, declarationFileName(version));
    declarationFiles = writeLanguages(declaration.byLanguage, declarationFileName);
    if (scripts.gpp !== undefined) gppWritten = writeScript(ctx.store.file, solution.id, version, scripts.gpp, gppFileName(version));
    // The UI first: a core is never served before the files it loads are there.
    uiFiles = writeLanguages(scripts.uiByLanguage, uiFileName);
    languageFiles = writeLanguages(scripts.coreByLanguage, languageScriptFileName);
    fullFiles = writeLanguages(scripts.fullByLanguage, fullScriptFileName);
    written = writeScript(ctx.store.file, solution.id, version, scripts.core);
    loaderWritten = writeScript(ctx.store.file, solution.id, version, scripts.loader, loaderFileName(version));
  } catch (error) {
    console.error('[dev-api] CDN write failed', error);
    throw new ApiError(424, [violation('error.backend.cdn_publishing_failed')]);
  }

  // The file is in place: switch, in this one tick.
  const now = ctx.now().toISOString();
  const publication: PublicationRow = {
    id: ctx.store.nextId('publications'),
    accountId: solution.accountId,
    consentSolutionId: solution.id,
    version,
    templateId: template.id,
    templateVersion: template.version,
    templateName: template.name,
    file: written.file,
    sha256: written.sha256,
    bytes: written.bytes,
    declarationFile: declarationWritten.file,
    declarationSha256: declarationWritten.sha256,
    declarationFiles,
    languageFiles,
    uiFiles,
    fullFiles,
    loaderFile: { file: loaderWritten.file, sha256: loaderWritten.sha256 },
    ...(gppWritten ? { gppFile: { file: gppWritten.file, sha256: gppWritten.sha256 } } : {}),
    honourGpc: standardsOf(solution).gpc.enabled,
    needsReconsent,
    consentVersion,
    publishedAt: now,
    publishedBy,
    tcf: pin,
    ...(pin ? { tcfSettings } : {}),
    categories: scripts.categories,
    inlineScript: scripts.inline,
    snapshot: publicationSnapshot(ctx.store, solution),
  };
  data.publications().push(publication);
  const settings = data.ensureSettings(solution, now);
  settings.publishedPublicationId = publication.id;
  settings.updatedAt = now;
  if (needsReconsent) Object.assign(solution, { consentVersion, consentVersionAt: now, updatedAt: now });
  data.write();
  return publication;
};
