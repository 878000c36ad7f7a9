import type { CookieCategory, DataProcessor } from '../../src/schemas/cookie';
import { solutionLanguages } from '../data/consentSolutions';
import type { ConsentSolutionRow, CookieRow, TranslationRow } from '../store/types';
import { defaultTextsOf } from '../../banner/publish/defaultTexts';
import { newDefaultRow } from './defaultTranslations';

/**
 * Demo translations and cookies. Every seeded solution gets the default texts of its languages,
 * marked as defaults (I18N-2), as a new solution does; the cookies' purposes are written in
 * English and some in French, so the completeness matrix has gaps to show. Demo Shop's first
 * solution and the read-only demo's store get scanned cookies.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

interface SeedCookie {
  name: string;
  domain: string;
  category: CookieCategory;
  expiryDays: number | null;
  processor: DataProcessor | null;
  en: string;
  fr?: string;
}

const GOOGLE: DataProcessor = { name: 'Google Ireland Limited', privacyPolicyUrl: 'https://policies.google.com/privacy' };
const META: DataProcessor = { name: 'Meta Platforms Ireland Ltd.', privacyPolicyUrl: 'https://www.facebook.com/privacy/policy/' };

const DEMO_SHOP_COOKIES: SeedCookie[] = [
  {
    name: 'PHPSESSID',
    domain: 'demo-shop.com',
    category: 'necessary',
    expiryDays: null,
    processor: null,
    en: 'Keeps the visitor’s session.',
    fr: 'Conserve la session du visiteur.',
  },
  {
    name: 'cart_id',
    domain: 'demo-shop.com',
    category: 'necessary',
    expiryDays: 30,
    processor: null,
    en: 'Remembers the shopping cart.',
    fr: 'Mémorise le panier.',
  },
  {
    name: 'CookieConsent',
    domain: 'demo-shop.com',
    category: 'necessary',
    expiryDays: 365,
    processor: null,
    en: 'Stores the visitor’s consent choices.',
    fr: 'Enregistre les choix de consentement.',
  },
  { name: 'lang', domain: 'demo-shop.com', category: 'functional', expiryDays: 365, processor: null, en: 'Remembers the chosen language.' },
  { name: 'currency', domain: 'demo-shop.com', category: 'functional', expiryDays: 30, processor: null, en: 'Remembers the chosen currency.' },
  {
    name: '_ga',
    domain: '.demo-shop.com',
    category: 'statistics',
    expiryDays: 730,
    processor: GOOGLE,
    en: 'Distinguishes visitors for statistics.',
    fr: 'Distingue les visiteurs pour les statistiques.',
  },
  { name: '_gid', domain: '.demo-shop.com', category: 'statistics', expiryDays: 1, processor: GOOGLE, en: 'Distinguishes visitors for statistics.' },
  { name: '_fbp', domain: '.demo-shop.com', category: 'marketing', expiryDays: 90, processor: META, en: 'Delivers advertising across websites.' },
  { name: 'IDE', domain: '.doubleclick.net', category: 'marketing', expiryDays: 390, processor: GOOGLE, en: 'Measures and targets advertising.' },
  { name: 'tracking_x', domain: 'demo-shop.fr', category: 'unclassified', expiryDays: 180, processor: null, en: '' },
];

const COOKIE_SITES = [
  { solutionName: 'Demo Shop', host: 'demo-shop' },
  { solutionName: 'Demo Store', host: 'demo-store-readonly' },
];

export const buildSolutionContent = (solutions: ConsentSolutionRow[], now: Date): { translations: TranslationRow[]; cookies: CookieRow[] } => {
  const translations: TranslationRow[] = [];
  for (const solution of solutions) {
    for (const language of solutionLanguages(solution)) {
      if (defaultTextsOf(language)) translations.push(newDefaultRow(translations.length + 1, solution, language, solution.createdAt));
    }
  }

  const cookies: CookieRow[] = [];
  // ROLE-4: the read-only demo's store lists the same cookies on its own hosts.
  for (const { solutionName, host } of COOKIE_SITES) {
    const owner = solutions.find((solution) => solution.name === solutionName);
    if (!owner) continue;
    DEMO_SHOP_COOKIES.forEach((seed, index) => {
      const firstSeen = new Date(now.getTime() - (50 - index) * DAY_MS).toISOString();
      const lastSeen = new Date(now.getTime() - DAY_MS).toISOString();
      cookies.push({
        id: cookies.length + 1,
        accountId: owner.accountId,
        consentSolutionId: owner.id,
        name: seed.name,
        domain: seed.domain.replace('demo-shop', host),
        category: seed.category,
        purpose: Object.fromEntries(Object.entries({ en: seed.en, fr: seed.fr ?? '' }).filter(([, text]) => text !== '')),
        expiryDays: seed.expiryDays,
        dataProcessor: seed.processor,
        source: 'scanner',
        firstSeen,
        lastSeen,
        createdAt: firstSeen,
        updatedAt: lastSeen,
      });
    });
  }
  return { translations, cookies };
};
