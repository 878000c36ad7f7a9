import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AcProviderRow } from '../../src/schemas/tcf';
import { parseImportCsv } from '../http/csv';
import { fetchRemoteText, refreshEvery } from './remoteFile';

/**
 * STD-14: Google's list of ad tech providers that are not on the IAB's Global Vendor List (the
 * Additional Consent providers), kept like the GVL: the small list shipped in `ac/` (Google's
 * CSV format: provider_id, provider_name, policy_url, domains), refreshed from a configured URL
 * (Google's https://storage.googleapis.com/tcfac/additional-consent-providers.csv in production)
 * at start and on the GVL's schedule. A refresh that fails or answers no provider keeps the last
 * good list.
 */

const SHIPPED_FILE = join(dirname(fileURLToPath(import.meta.url)), 'ac', 'additional-consent-providers.csv');

export interface AcProviderSnapshot {
  providers: ReadonlyMap<number, AcProviderRow>;
  loadedAt: Date;
  source: 'shipped' | 'remote';
}

export interface AcProviderSource {
  current: () => AcProviderSnapshot;
  lastRefreshError: () => string | null;
  refresh: () => Promise<boolean>;
  start: () => Promise<void>;
  close: () => void;
}

export interface AcProviderSourceOptions {
  url?: string;
  refreshMs?: number;
  now?: () => Date;
}

/** The providers of a file in Google's format; rows without a positive id or a name are left out. */
export const parseAcProviders = (text: string): Map<number, AcProviderRow> => {
  const providers = new Map<number, AcProviderRow>();
  for (const row of parseImportCsv(text)?.rows ?? []) {
    const id = Number(row.provider_id);
    const name = (row.provider_name ?? '').trim();
    if (!Number.isInteger(id) || id <= 0 || name === '') continue;
    providers.set(id, { id, name, policyUrl: (row.policy_url ?? '').trim(), domains: (row.domains ?? '').trim() });
  }
  return providers;
};

export const createAcProviderSource = (options: AcProviderSourceOptions = {}): AcProviderSource => {
  const now = options.now ?? (() => new Date());
  let snapshot: AcProviderSnapshot = { providers: parseAcProviders(readFileSync(SHIPPED_FILE, 'utf8')), loadedAt: now(), source: 'shipped' };
  let lastError: string | null = null;
  let stop = (): void => undefined;

  const refresh = async (): Promise<boolean> => {
    if (options.url === undefined) return false;
    lastError = null;
    try {
      const providers = parseAcProviders(await fetchRemoteText(options.url, 'text/csv'));
      if (providers.size === 0) throw new Error(`${options.url} holds no provider`);
      snapshot = { providers, loadedAt: now(), source: 'remote' };
      return true;
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
      console.warn(`[dev-api] Additional Consent provider refresh failed, keeping ${snapshot.providers.size} providers: ${lastError}`);
      return false;
    }
  };

  return {
    current: () => snapshot,
    lastRefreshError: () => lastError,
    refresh,
    start: async () => {
      if (options.url === undefined) return;
      await refresh();
      stop = refreshEvery(options.refreshMs, refresh);
    },
    close: () => stop(),
  };
};
