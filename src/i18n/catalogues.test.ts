import { describe, expect, it } from 'vitest';
import { en } from './en';
import { fr } from './fr';
import { adminCatalogueEn } from './adminCatalogue.en';
import { adminCatalogueFr } from './adminCatalogue.fr';
import { deepMerge } from './deepMerge';
import { passwordRules } from '../schemas/auth';
import apiContract from '../../docs/api.md?raw';

type Tree = { [key: string]: string | Tree };

const leaves = (tree: Tree, prefix = ''): Map<string, string> => {
  const result = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') result.set(path, value);
    else for (const [p, v] of leaves(value, path)) result.set(p, v);
  }
  return result;
};

// Everything the admin can show: the login route's catalogue plus the admin's own.
const enLeaves = leaves(deepMerge(en, adminCatalogueEn));
const frLeaves = leaves(deepMerge(fr, adminCatalogueFr));

describe('catalogues', () => {
  it('[PROD-5] one term is one translation: the pop-up, the scan depths', () => {
    expect(frLeaves.get('popup.title')).toBe('Apparence du pop-up');
    expect(frLeaves.get('cs.tabs.popup')).toBe(frLeaves.get('popup.title'));
    // The consent pop-up is never also "la fenêtre" (a browser window, "fenêtre de navigation", is another thing).
    const windowed = [...frLeaves].filter(([, text]) => /fenêtre(?! de navigation)/i.test(text)).map(([key]) => key);
    expect(windowed).toEqual([]);
    // One label per scan depth: the subscription summary reads the domains' labels.
    expect([...frLeaves.keys()].filter((key) => key.endsWith('depths.lite'))).toEqual(['resources.domains.depths.lite']);
  });

  it('[PROD-5] French catalogue has every English key', () => {
    const missing = [...enLeaves.keys()].filter((key) => !frLeaves.has(key));
    expect(missing).toEqual([]);
    const extra = [...frLeaves.keys()].filter((key) => !enLeaves.has(key));
    expect(extra).toEqual([]);
  });

  it('[PROD-5] no text is empty', () => {
    expect([...enLeaves, ...frLeaves].filter(([, text]) => text.trim() === '').map(([key]) => key)).toEqual([]);
  });

  it('[ERR-2] every backend message key of docs/api.md is translated, with the API text in English', () => {
    const rows = [...apiContract.matchAll(/^\| (error\.backend\.[a-z_]+) \| (.+?) \|$/gm)];
    expect(rows.length).toBeGreaterThan(10);
    for (const [, key, message] of rows) {
      expect(enLeaves.get(key ?? ''), key).toBe(message);
      expect(frLeaves.has(key ?? ''), key).toBe(true);
    }
  });

  it('[VAL-2] every password rule and the spec notices have texts', () => {
    for (const rule of passwordRules) expect(enLeaves.has(rule.messageKey), rule.messageKey).toBe(true);
    expect(enLeaves.get('validation.email_required')).toBe('Email is required.');
    expect(enLeaves.get('validation.password_required')).toBe('Password is required.');
    expect(enLeaves.get('notification_default_error')).toBe('Something went wrong');
    for (const key of ['auth.confirmation_password_notification_default_error', 'auth.get_account_details_default_error', 'error.backend.default_error']) {
      expect(enLeaves.has(key), key).toBe(true);
    }
  });
});
