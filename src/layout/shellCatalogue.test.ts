import { describe, expect, it } from 'vitest';
import { shellEn } from '../i18n/shell.en';
import { shellFr } from '../i18n/shell.fr';

type Messages = { [key: string]: string | Messages };

const flatten = (messages: Messages, prefix = ''): Record<string, string> =>
  Object.fromEntries(
    Object.entries(messages).flatMap(([key, value]) =>
      typeof value === 'string' ? [[prefix + key, value]] : Object.entries(flatten(value, `${prefix}${key}.`)),
    ),
  );

const en = flatten(shellEn);
const fr = flatten(shellFr);

// The shell's own sources, read as text, to find every literal key they translate.
const sources = import.meta.glob(
  ['../AdminApp.tsx', '../layout/**/*.{ts,tsx}', '../components/**/*.{ts,tsx}', '../home/**/*.{ts,tsx}', '../hooks/**/*.{ts,tsx}', '!**/*.test.{ts,tsx}'],
  {
    query: '?raw',
    import: 'default',
    eager: true,
  },
) as Record<string, string>;

describe('shell catalogue', () => {
  it('[PROD-5] shell French catalogue complete', () => {
    expect(Object.keys(fr).sort()).toEqual(Object.keys(en).sort());
    for (const [key, text] of Object.entries(fr)) expect(text.trim(), key).not.toBe('');
  });

  it('[PROD-5] every shell key used in the code exists in both languages', () => {
    const used = new Set<string>();
    for (const source of Object.values(sources)) {
      for (const match of source.matchAll(/['"]((?:shell|nav)\.[A-Za-z_.]+[A-Za-z_])['"]/g)) used.add(match[1] as string);
    }
    expect(used.size).toBeGreaterThan(10);
    for (const key of used) {
      expect(en[key], `${key} in shell.en.ts`).toBeDefined();
      expect(fr[key], `${key} in shell.fr.ts`).toBeDefined();
    }
  });
});
