import { describe, expect, it } from 'vitest';
import { en } from '../i18n/en';
import { messageSources, messagesEn, coreMessages } from './messages';

const lookup = (tree: unknown, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);

describe('message registry', () => {
  it('[VAL-4] no message key has two different English texts', () => {
    const seen = new Map<string, string>();
    const conflicts: string[] = [];
    for (const source of messageSources) {
      for (const [key, text] of Object.entries(source)) {
        const earlier = seen.get(key);
        if (earlier !== undefined && earlier !== text) conflicts.push(`${key}: "${earlier}" vs "${text}"`);
        seen.set(key, text);
      }
    }
    expect(conflicts).toEqual([]);
    expect(Object.keys(messagesEn).length).toBe(seen.size);
  });

  it('[ERR-2] the login route catalogue carries every core message with the same text', () => {
    for (const [key, text] of Object.entries(coreMessages)) expect(lookup(en, key), key).toBe(text);
  });
});
