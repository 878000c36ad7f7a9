import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, shellReady, useBrowser } from './support/browser';

/**
 * ROUTE-23 keyboard access: logging in and creating a consent solution with the keyboard only
 * (Tab, Enter and typing; no click, no `fill`, no focus() call).
 */

interface Focused {
  tag: string;
  type: string;
  /** The accessible name as a user hears it: aria-label, its label, or its text. */
  name: string;
}

const focused = (page: Page): Promise<Focused> =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return { tag: '', type: '', name: '' };
    const labelledBy = el.getAttribute('aria-labelledby');
    const fromIds = labelledBy
      ? labelledBy
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' ')
      : '';
    const fromLabel = (el as HTMLInputElement).labels?.[0]?.textContent ?? '';
    const name = el.getAttribute('aria-label') || fromIds || fromLabel || el.textContent || '';
    return {
      tag: el.tagName.toLowerCase(),
      type: el.getAttribute('type') ?? '',
      name: name
        .replace(/\s+/g, ' ')
        .replace(/\s*\*$/, '')
        .trim(),
    };
  });

/** Presses Tab until the focused element matches; fails after `max` presses. */
const tabTo = async (page: Page, matches: (f: Focused) => boolean, what: string, max = 60): Promise<void> => {
  const seen: string[] = [];
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Tab');
    const f = await focused(page);
    if (matches(f)) return;
    seen.push(`${f.tag}:${f.name.slice(0, 30)}`);
  }
  throw new Error(`Tab never reached ${what}; focus went through ${seen.join(' → ')}`);
};

const keyboardLogIn = async (page: Page, email: string): Promise<void> => {
  await page.goto('/login/');
  await page.getByLabel('Email', { exact: true }).waitFor();
  await tabTo(page, (f) => f.tag === 'input' && /^email$/i.test(f.name), 'the email field');
  await page.keyboard.type(email);
  await tabTo(page, (f) => f.tag === 'input' && /^password$/i.test(f.name), 'the password field', 5);
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
};

describe('keyboard-only paths in Chromium', () => {
  const t = useBrowser();

  it('[ROUTE-1] keyboard-only login', async () => {
    await keyboardLogIn(t.page, 'owner@demo.test');
    await shellReady(t.page);
    expect(new URL(t.page.url()).pathname).not.toMatch(/^\/login/);
  });

  it('[ROUTE-11] keyboard-only create of a consent solution', async () => {
    await keyboardLogIn(t.page, 'owner@demo.test');
    await shellReady(t.page);

    await tabTo(t.page, (f) => f.tag === 'a' && /^consent solutions$/i.test(f.name), 'the Consent Solutions menu item');
    await t.page.keyboard.press('Enter');
    await t.page.waitForURL((url) => url.pathname.startsWith('/consent-solutions'));
    await t.page.getByRole('row').nth(1).waitFor();

    await tabTo(t.page, (f) => /create/i.test(f.name) && (f.tag === 'a' || f.tag === 'button'), 'the Create button');
    await t.page.keyboard.press('Enter');
    await t.page.waitForURL((url) => url.pathname.startsWith('/consent-solutions/create'));

    const domain = `keyboard-${Date.now().toString(36)}.com`;
    await t.page.getByRole('textbox', { name: 'Domain URL' }).waitFor();
    await tabTo(t.page, (f) => f.tag === 'input' && /^domain url$/i.test(f.name), 'the Domain URL field');
    await t.page.keyboard.type(domain);
    await tabTo(t.page, (f) => f.tag === 'button' && /^save$/i.test(f.name), 'the Save button');
    await t.page.keyboard.press('Enter');
    await t.page.waitForURL((url) => /^\/consent-solutions\/\d+\/installation\/?$/.test(url.pathname));
    await t.page.getByText(domain).first().waitFor();
  });
});
