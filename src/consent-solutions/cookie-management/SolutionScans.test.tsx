import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderInAdmin } from '../../test/renderInAdmin';
import { SolutionScans } from './SolutionScans';

// One object: the session is read as an external store, whose snapshot must stay the same between reads.
const session = vi.hoisted(() => ({ account_id: 1, roles: ['ROLE_USER'] }));
vi.mock('../../session/sessionState', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  getSession: () => session,
  subscribe: () => () => undefined,
}));

const scanner = (started: string[]) => ({
  getScannerStatus: async () => ({ available: true, running: null, queued: 0, workers: 1 }),
  getSolutionScans: async () => [],
  startScan: async (domainId: number) => {
    started.push(String(domainId));
    return {};
  },
});

describe('SolutionScans', () => {
  it('[BEYOND-4][SCAN-7] cookie management offers Scan now for each of the solution’s domains', async () => {
    const started: string[] = [];
    const domains = {
      data: [
        { id: 4, canonicalDomain: 'shop.example.com' },
        { id: 5, canonicalDomain: 'shop.example.fr' },
      ],
      total: 2,
    };
    const getList = vi.fn(async () => domains);
    renderInAdmin(<SolutionScans solutionId={3} />, { dataProvider: { ...scanner(started), getList } });
    const region = await screen.findByRole('region', { name: 'Scans' });
    const fr = (await within(region).findByText('shop.example.fr')).closest('li') as HTMLElement;
    fireEvent.click(within(fr).getByRole('button', { name: 'Scan now' }));
    await vi.waitFor(() => expect(started).toEqual(['5']));
    expect(getList).toHaveBeenCalledWith('domains', expect.objectContaining({ filter: { consentSolutionId: 3 } }));
  });

  it('[SCAN-7] says when there is no domain to scan, and when the domains could not be read', async () => {
    const empty = renderInAdmin(<SolutionScans solutionId={3} />, { dataProvider: { ...scanner([]), getList: async () => ({ data: [], total: 0 }) } });
    expect(await screen.findByText('This consent solution has no domain to scan yet.')).toBeInTheDocument();
    empty.unmount();
    renderInAdmin(<SolutionScans solutionId={3} />, {
      dataProvider: {
        ...scanner([]),
        getList: async () => {
          throw new Error('down');
        },
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('The domains could not be loaded.');
  });
});
