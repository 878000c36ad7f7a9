import { render, screen } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { testDataProvider, testI18nProvider } from '../../test/testShell';
import { scannerEn } from '../../i18n/scanner.en';
import { DomainScanStatus } from './DomainScanStatus';
import type { Scan } from '../../schemas/scanner';

const session = vi.hoisted(() => ({ current: { account_id: 1, roles: ['ROLE_USER'] } }));
vi.mock('../../session/sessionState', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  getSession: () => session.current,
  subscribe: () => () => undefined,
}));

const scan: Scan = {
  id: 1,
  crawlId: '00000000-0000-4000-8000-000000000001',
  accountId: 1,
  consentSolutionId: 1,
  domainId: 7,
  canonicalDomain: 'shop.example.com',
  status: 'succeeded',
  failure: null,
  failureDetail: null,
  trigger: 'manual',
  pagesVisited: 2,
  pagesPlanned: 2,
  queuedAt: '2026-11-20T10:00:00Z',
  startedAt: '2026-11-20T10:00:00Z',
  finishedAt: '2026-11-20T10:01:00Z',
  cookies: [
    { name: '_ga', domain: '.example.com', expiryDays: 400, firstSeen: '2026-11-20T10:01:00Z', lastSeen: '2026-11-20T10:01:00Z', setBeforeConsent: true },
  ],
  partial: false,
  checking: null,
  queuePosition: null,
  states: {},
  refused: [],
};

/** The scanner's methods the row calls, on the fake provider. */
const dataProvider = () =>
  testDataProvider({
    getScannerStatus: async () => ({ available: true, running: null, queued: 0 }),
    getSolutionScans: async (): Promise<Scan[]> => [scan],
  });

const renderStatus = () =>
  render(
    <AdminContext dataProvider={dataProvider()} i18nProvider={testI18nProvider(scannerEn)}>
      <DomainScanStatus consentSolutionId={1} domainId={7} />
    </AdminContext>,
  );

describe('DomainScanStatus', () => {
  beforeEach(() => {
    session.current = { account_id: 1, roles: ['ROLE_USER'] };
  });

  it('[BEYOND-4] offers "Scan now" to a user who may write', async () => {
    renderStatus();
    expect(await screen.findByRole('button', { name: scannerEn.scanner.scan_now })).toBeInTheDocument();
  });

  it('[ROLE-1] the read-only demo role sees the status but no scan action', async () => {
    session.current = { account_id: 1, roles: ['ROLE_DEMO'] };
    const { container } = renderStatus();
    await vi.waitFor(() => expect(container.querySelector('[data-scan-status="succeeded"]')).not.toBeNull());
    expect(screen.queryByRole('button', { name: scannerEn.scanner.scan_now })).not.toBeInTheDocument();
  });
});
