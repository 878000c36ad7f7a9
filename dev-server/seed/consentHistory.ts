import { randomUUID } from 'node:crypto';
import type { ConsentRecordRow, RecordAction } from '../consent-log/consentRecord';
import type { ConsentSolutionRow, DomainRow } from '../store/types';

/**
 * A generated consent history for Demo Shop (BEYOND-3): four months of decisions on each of its
 * solutions' public domains, with plausible, slowly rising opt-in rates, so the compliance
 * dashboard looks alive on first start. Deterministic counts (a seeded PRNG), about 700 rows.
 */

const DAY_MS = 86_400_000;
const HISTORY_DAYS = 120;
/** Average decisions per day, by the solution's position in the account. */
const DAILY = [4, 2, 1];

const mulberry32 = (seed: number) => {
  let a = seed;
  return (): number => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

export const buildConsentHistory = (solutions: readonly ConsentSolutionRow[], domains: readonly DomainRow[], now: Date, accountId = 1): ConsentRecordRow[] => {
  const random = mulberry32(20_260_101);
  const rows: ConsentRecordRow[] = [];
  const own = solutions.filter((s) => s.accountId === accountId).slice(0, DAILY.length);
  own.forEach((solution, index) => {
    const hosts = domains.filter((d) => d.consentSolutionId === solution.id && d.type === 'website').map((d) => d.canonicalDomain);
    if (hosts.length === 0) return;
    const languages = [solution.defaultLanguage, ...solution.additionalLanguages];
    for (let day = HISTORY_DAYS - 1; day >= 0; day -= 1) {
      const progress = 1 - day / HISTORY_DAYS;
      const weekend = new Date(now.getTime() - day * DAY_MS).getUTCDay() % 6 === 0;
      const count = Math.round((DAILY[index] ?? 1) * (weekend ? 0.6 : 1) * (0.5 + random()));
      for (let n = 0; n < count; n += 1) {
        const decided = new Date(now.getTime() - day * DAY_MS - Math.floor(random() * DAY_MS * 0.9));
        const roll = random();
        let action: RecordAction;
        let categories: string[];
        if (roll < 0.4 + 0.1 * progress) {
          action = 'accept';
          categories = ['necessary', 'functional', 'statistics', 'marketing'];
        } else if (roll < 0.72) {
          action = 'decline';
          categories = ['necessary'];
        } else {
          action = 'save';
          categories = ['necessary'];
          if (random() < 0.8) categories.push('functional');
          if (random() < 0.55 + 0.1 * progress) categories.push('statistics');
          if (random() < 0.2) categories.push('marketing');
        }
        const at = decided.toISOString();
        const version = at >= solution.consentVersionAt ? solution.consentVersion : Math.max(1, solution.consentVersion - (day > 45 ? 2 : 1));
        rows.push({
          id: randomUUID(),
          accountId,
          consentSolutionId: solution.id,
          anonymousId: randomUUID(),
          action,
          categories,
          consentVersion: version,
          decidedAt: at,
          receivedAt: at,
          domain: hosts[Math.floor(random() * hosts.length)] ?? hosts[0] ?? '',
          language: languages[Math.floor(random() * languages.length)] ?? null,
        });
      }
    }
  });
  return rows.sort((a, b) => a.decidedAt.localeCompare(b.decidedAt));
};
