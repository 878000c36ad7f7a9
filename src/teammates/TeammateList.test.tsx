import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderInAdmin } from '../test/renderInAdmin';
import { TeammateList } from './TeammateList';

const rows = [
  { id: 1, email: 'owner@demo.test', name: 'Owner', status: 'active', lastSeenAt: new Date(Date.now() - 3 * 86_400_000).toISOString() },
  { id: 2, email: 'pending@demo.test', name: 'Pending', status: 'pending', lastSeenAt: null },
];

describe('TeammateList', () => {
  it('[ROUTE-8] [ENT-4] lists teammates with last seen relative to now', async () => {
    const getList = vi.fn(async () => ({ data: rows, total: rows.length }));
    renderInAdmin(<TeammateList />, { dataProvider: { getList }, url: '/teammates' });
    expect(await screen.findByText('owner@demo.test')).toBeInTheDocument();
    expect(screen.getByText('3 days ago')).toBeInTheDocument();
    expect(screen.getByText('Never')).toBeInTheDocument();
    expect(getList).toHaveBeenCalledWith('teammates', expect.objectContaining({ pagination: { page: 1, perPage: 25 } }));
  });
});
