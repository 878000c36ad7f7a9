import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderShell } from '../test/testShell';
import { NotFound } from './NotFound';

describe('NotFound', () => {
  it('[ROUTE-22] NotFound says Not Found', async () => {
    const user = userEvent.setup();
    renderShell(<NotFound />, { path: '/no/such/page' });
    expect(screen.getByRole('heading', { name: 'Not Found' })).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Go to the home page' }));
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent(/^\/$/);
  });
});
