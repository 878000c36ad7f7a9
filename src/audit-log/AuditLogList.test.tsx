import { screen } from '@testing-library/react';
import { ResourceContextProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { renderInAdmin } from '../test/renderInAdmin';
import { AuditLogList } from './AuditLogList';

describe('AuditLogList', () => {
  it('[ROUTE-23] [BEYOND-7] a new account’s empty log says what will appear there, as a status with its heading', async () => {
    const getList = vi.fn(async () => ({ data: [], total: 0 }));
    // The app's <Resource name="audit-log"> gives the list its resource.
    renderInAdmin(
      <ResourceContextProvider value="audit-log">
        <AuditLogList />
      </ResourceContextProvider>,
      { dataProvider: { getList }, url: '/audit-log' },
    );
    const status = await screen.findByRole('status', { name: 'No changes yet' });
    expect(status).toHaveTextContent('Every change made in this account');
    expect(getList).toHaveBeenCalledWith('audit-log', expect.objectContaining({ sort: { field: 'id', order: 'DESC' } }));
  });
});
