// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { env } from '../config/env';
import { apiFetch } from './apiClient';

afterEach(() => vi.unstubAllGlobals());

describe('apiFetch', () => {
  it("[PERF-1] requests started together call fetch in a task each, none in the caller's", async () => {
    const seen: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const name = new URL(url).pathname;
        seen.push(`fetch ${name}`);
        // Runs when the task that called fetch ends, before any other task.
        queueMicrotask(() => seen.push(`end of the task of ${name}`));
        return new Response('{}', { status: 200 });
      }),
    );
    const requests = ['/scanner/status', '/reports/onboarding', '/consent-solutions/1/health-checks'].map((path) => apiFetch(`${env.apiUrl}${path}`));
    seen.push('caller done');
    await Promise.all(requests);
    expect(seen).toEqual([
      'caller done',
      'fetch /scanner/status',
      'end of the task of /scanner/status',
      'fetch /reports/onboarding',
      'end of the task of /reports/onboarding',
      'fetch /consent-solutions/1/health-checks',
      'end of the task of /consent-solutions/1/health-checks',
    ]);
  });
});
