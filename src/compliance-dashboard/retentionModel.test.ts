import { describe, expect, it } from 'vitest';
import { retentionChoices } from './retentionModel';

const bounds = { defaultDays: 1826, minDays: 30, maxDays: 3660 };

describe('retention choices', () => {
  it('[LOG-4] offers whole years within the bounds, five years being the default 1,826 days', () => {
    expect(retentionChoices({ ...bounds, days: 1826 })).toEqual([
      { years: 1, days: 365 },
      { years: 2, days: 731 },
      { years: 3, days: 1096 },
      { years: 5, days: 1826 },
      { years: 6, days: 2192 },
      { years: 10, days: 3653 },
    ]);
  });

  it('[LOG-4] keeps a period set through the API among the choices, in order', () => {
    expect(retentionChoices({ ...bounds, days: 90 }).slice(0, 2)).toEqual([{ days: 90 }, { years: 1, days: 365 }]);
  });
});
