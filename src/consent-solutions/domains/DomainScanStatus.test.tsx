import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInAdmin } from '../../test/renderInAdmin';
import { DomainScanStatus } from './DomainScanStatus';
import type { Scan } from '../../schemas/scanner';

const session = vi.hoisted(() => ({ current: { account_id: 1, roles: ['ROLE_USER'] } }));
vi.mock('../../session/sessionState', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  getSession: () => session.current,
  subscribe: () => () => undefined,
}));

const base: Scan = {
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
  pagesVisited: 1040,
  pagesPlanned: 1040,
  queuedAt: '2026-11-20T10:00:00Z',
  startedAt: '2026-11-20T10:00:00Z',
  finishedAt: '2026-11-20T10:01:00Z',
  cookies: [
    { name: '_ga', domain: '.example.com', expiryDays: 400, firstSeen: '2026-11-20T10:01:00Z', lastSeen: '2026-11-20T10:01:00Z', setBeforeConsent: true },
  ],
  partial: false,
  checking: null,
  queuePosition: null,
  states: {
    before: { planned: 500, visited: 500, failed: 0, cookies: 1 },
    accept: { planned: 500, visited: 500, failed: 0, cookies: 1 },
    reject: { planned: 20, visited: 20, failed: 0, cookies: 0 },
    gpc: { planned: 20, visited: 20, failed: 0, cookies: 0 },
  },
  refused: [],
};

const running: Scan = {
  ...base,
  status: 'running',
  finishedAt: null,
  cookies: [],
  pagesVisited: 312,
  pagesPlanned: 1040,
  checking: 'before',
  states: { before: { planned: 500, visited: 312, failed: 0, cookies: 1 }, accept: { planned: 500, visited: 0, failed: 0, cookies: 0 } },
};

const renderStatus = (scan: Scan | null, extra: Record<string, unknown> = {}) => {
  const calls: string[] = [];
  const view = renderInAdmin(<DomainScanStatus consentSolutionId={1} domainId={7} />, {
    dataProvider: {
      getScannerStatus: async () => ({ available: true, running: null, queued: 0, workers: 1 }),
      getSolutionScans: async (): Promise<Scan[]> => (scan ? [scan] : []),
      startScan: async () => {
        calls.push('start');
        return running;
      },
      cancelScan: async () => {
        calls.push('cancel');
        return running;
      },
      ...extra,
    },
  });
  return { ...view, calls };
};

describe('DomainScanStatus', () => {
  beforeEach(() => {
    session.current = { account_id: 1, roles: ['ROLE_USER'] };
  });

  it('[SCAN-7] a running 500-page scan reads in pages with the state being checked, and is cancelled only after confirming', async () => {
    const { calls } = renderStatus(running);
    expect(await screen.findByText('Scanning: 312 of 500 pages')).toBeInTheDocument();
    expect(screen.getByText('Now checking before consent: 312 of 500')).toBeInTheDocument();
    expect(screen.queryByText(/of 1040/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Scan now' })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Cancel scan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the scan of shop.example.com?' });
    expect(within(dialog).getByText('The scan stops within seconds. What it found so far is kept.')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep scanning' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel scan' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel scan' }));
    expect(await screen.findByText('Stopping…')).toBeInTheDocument();
    expect(calls).toEqual(['cancel']);
  });

  it('[SCAN-7] a waiting scan says its place in the queue; leaving the queue is explained before it happens', async () => {
    renderStatus({ ...running, status: 'queued', checking: null, states: {}, queuePosition: 2 });
    expect(await screen.findByText('Waiting for the scanner: number 3 in the queue')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel scan' }));
    expect(await screen.findByText('The scan has not started: it leaves the queue.')).toBeInTheDocument();
  });

  it('[SCAN-7][SCAN-1] a stopped scan says how far it got and that its findings are kept, with advice', async () => {
    renderStatus({ ...running, status: 'failed', failure: 'timeout', partial: true, checking: null });
    expect(await screen.findByText('Failed: time limit reached')).toBeInTheDocument();
    expect(screen.getByText('Stopped after 312 of 500 pages; what it found is kept.')).toBeInTheDocument();
    expect(screen.getByText(/The site is large or slow/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Scan now' })).toBeInTheDocument();
  });

  it.each([
    ['unreachable', 'Failed: site unreachable', /Check that the site is online/],
    ['blocked', 'Failed: the site refused the scanner', /Let the ConsentScanner crawler in/],
    ['refused', 'Refused: the site led the scanner to an internal address', /points at the public site/],
    ['cancelled', 'Cancelled', /This scan was cancelled/],
    ['error', 'Failed: scanner error', /contact support/],
  ] as const)('[SCAN-7] a failed scan (%s) shows its reason and what to do', async (failure, reason, advice) => {
    renderStatus({ ...base, status: 'failed', failure, states: {}, cookies: [] });
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(screen.getByText(advice)).toBeInTheDocument();
    expect(screen.queryByText(/Stopped after/)).not.toBeInTheDocument();
  });

  it('[SCAN-7] the last scan summary per consent state opens from the keyboard', async () => {
    renderStatus(base);
    expect(await screen.findByText('1 cookies found')).toBeInTheDocument();
    const details = screen.getByRole('button', { name: 'Details' });
    expect(details).toHaveAttribute('aria-expanded', 'false');
    details.focus();
    fireEvent.click(details);
    const table = await screen.findByRole('table', { name: 'Last scan by consent state' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['before consent', '500 of 500', '1'],
      ['after “reject all”', '20 of 20', '0'],
      ['with GPC', '20 of 20', '0'],
      ['after “accept all”', '500 of 500', '1'],
    ]);
    expect(screen.getByRole('button', { name: 'Hide details' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('[BEYOND-4] Scan now starts a scan for a user who may write; a click never reaches the row behind', async () => {
    const onRow = vi.fn();
    const calls: string[] = [];
    renderInAdmin(
      <div onClick={onRow}>
        <DomainScanStatus consentSolutionId={1} domainId={7} />
      </div>,
      {
        dataProvider: {
          getScannerStatus: async () => ({ available: true, running: null, queued: 0, workers: 1 }),
          getSolutionScans: async (): Promise<Scan[]> => [],
          startScan: async () => {
            calls.push('start');
            return running;
          },
        },
      },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Scan now' }));
    await vi.waitFor(() => expect(calls).toEqual(['start']));
    expect(onRow).not.toHaveBeenCalled();
  });

  it('[ROLE-1] the read-only demo role sees the status but no scan action', async () => {
    session.current = { account_id: 1, roles: ['ROLE_DEMO'] };
    renderStatus(running);
    expect(await screen.findByText('Scanning: 312 of 500 pages')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Scan now' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel scan' })).not.toBeInTheDocument();
  });
});
