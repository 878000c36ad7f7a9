import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConsentSolutionList } from './ConsentSolutionList';
import { renderInAdmin } from '../test/renderInAdmin';

const solution = (id: number, name: string) => ({
  id,
  name,
  domains: [
    { id: id * 10, canonicalDomain: `${name}.com`, type: 'website', status: 'active' },
    { id: id * 10 + 1, canonicalDomain: `staging.${name}.com`, type: 'internal_alias', status: 'active' },
  ],
});

describe('consent solutions list', () => {
  it('[ROUTE-10] asks the server for one page of 25 and shows names and public domains only', async () => {
    const getList = vi.fn(async () => ({ data: [solution(1, 'alpha'), solution(2, 'beta')], total: 10_000 }));
    renderInAdmin(<ConsentSolutionList />, { dataProvider: { getList }, url: '/consent-solutions' });

    expect(await screen.findByRole('link', { name: 'alpha' })).toHaveAttribute('href', '/consent-solutions/1/installation/');
    expect(screen.getByText('alpha.com')).toBeInTheDocument();
    expect(screen.queryByText('staging.alpha.com')).not.toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Public domains/ })).toBeInTheDocument();
    expect(getList).toHaveBeenCalledWith('consent-solutions', expect.objectContaining({ pagination: { page: 1, perPage: 25 } }));
  });

  it('[ROUTE-10] searches by name or domain through the q filter', async () => {
    const getList = vi.fn(async () => ({ data: [solution(1, 'alpha')], total: 1 }));
    renderInAdmin(<ConsentSolutionList />, { dataProvider: { getList }, url: '/consent-solutions' });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Search by name or domain' }), 'shop');
    await waitFor(() => expect(getList).toHaveBeenLastCalledWith('consent-solutions', expect.objectContaining({ filter: { q: 'shop' } })), {
      timeout: 2000,
    });
  });

  it('[ROUTE-10] an account without solutions sees the empty state with the create button', async () => {
    const getList = vi.fn(async () => ({ data: [], total: 0 }));
    renderInAdmin(<ConsentSolutionList />, { dataProvider: { getList }, url: '/consent-solutions' });
    expect(await screen.findByRole('heading', { name: 'No consent solution yet' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /create/i })).toHaveAttribute('href', '/consent-solutions/create');
  });
});
