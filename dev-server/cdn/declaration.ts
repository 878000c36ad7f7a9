import { readBannerRuntime } from '../../banner/build/buildBanner';
import { composeDeclarationScript } from '../../banner/publish/composeDeclarationScript';
import { cookieWords, declarationLabels } from '../../banner/publish/runtimeTexts';
import type { DeclarationData, DeclarationLanguage } from '../../banner/src/declarationTypes';
import { COOKIE_CATEGORIES } from '../../src/schemas/translations';
import { domainRows, hostMatches } from '../data/domains';
import { solutionLanguages } from '../data/consentSolutions';
import { cookieRows } from '../data/cookies';
import type { Store } from '../store/store';
import type { ConsentSolutionRow } from '../store/types';
import { bannerContent } from './bundle';

/**
 * The cookie declaration's data (STD-5), made at publish time like the banner: per language the
 * six cookie-policy texts, the labels and the cookies by category; the scanned domains and the
 * newest scan.
 */
const declarationData = (store: Store, solution: ConsentSolutionRow): DeclarationData => {
  const domains = domainRows(store).filter((d) => d.consentSolutionId === solution.id && d.status !== 'deleted');
  const names = [...new Set(domains.map((d) => d.canonicalDomain))].sort();
  const scans = domains
    .map((d) => d.lastScanAt)
    .filter((at): at is string => typeof at === 'string')
    .sort();
  const cookies = cookieRows(store)
    .filter((c) => c.consentSolutionId === solution.id)
    .sort((a, b) => a.name.localeCompare(b.name));
  const languages: Record<string, DeclarationLanguage> = {};
  for (const language of solutionLanguages(solution)) {
    const { texts } = bannerContent(store, solution, language);
    const words = cookieWords(language);
    const text = (key: string): string => texts[key] ?? '';
    languages[language] = {
      texts: {
        cookiesOverview: text('cookiePolicy.cookiesOverview'),
        cookieDeclarationText: text('cookiePolicy.cookieDeclarationText'),
        domainListExplanation: text('cookiePolicy.domainListExplanation'),
        noScanPerformed: text('cookiePolicy.noScanPerformed'),
        lastUpdated: text('cookiePolicy.lastUpdated'),
        serviceRole: text('cookiePolicy.serviceRole'),
      },
      labels: declarationLabels(language),
      categories: COOKIE_CATEGORIES.map((category) => ({
        id: category,
        name: text(`categories.${category}.name`) || category,
        description: text(`categories.${category}.description`),
        cookies: cookies
          .filter((c) => c.category === category)
          .map((c) => {
            const host = c.domain.replace(/^\./, '').toLowerCase();
            const own = names.some((domain) => hostMatches(host, domain) || hostMatches(domain, host));
            return [
              c.name,
              c.domain,
              c.purpose[language] ?? c.purpose[solution.defaultLanguage] ?? c.purpose.en ?? '',
              c.expiryDays === null ? words.session : words.days(c.expiryDays),
              own ? words.firstParty : words.thirdParty,
              c.dataProcessor?.name ?? '',
            ];
          }),
      })),
    };
  }
  return {
    consentSolutionId: solution.id,
    consentVersion: solution.consentVersion,
    defaultLanguage: solution.defaultLanguage,
    lastScanAt: scans.at(-1) ?? null,
    domains: names,
    languages,
  };
};

/**
 * The declaration's scripts: one with every language (a visitor whose Accept-Language names none
 * of them), and one per language, the one a visitor is served (STD-8, I18N-3: only their
 * language reaches them).
 */
export const declarationScripts = (store: Store, solution: ConsentSolutionRow): { all: string; byLanguage: Record<string, string> } => {
  const runtime = readBannerRuntime('declaration');
  const data = declarationData(store, solution);
  const byLanguage = Object.fromEntries(
    Object.entries(data.languages).map(([language, texts]) => [
      language,
      composeDeclarationScript(runtime, { ...data, defaultLanguage: language, languages: { [language]: texts } }),
    ]),
  );
  return { all: composeDeclarationScript(runtime, data), byLanguage };
};
