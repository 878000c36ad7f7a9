import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderShell } from '../test/testShell';
import { ErrorPage } from './ErrorPage';

describe('ErrorPage', () => {
  it('[ROUTE-22] error page toggles the error details', async () => {
    const user = userEvent.setup();
    renderShell(<ErrorPage error={new Error('Cannot read properties of undefined')} />);

    expect(screen.getByRole('heading', { name: 'Something went wrong!' })).toBeInTheDocument();
    const details = screen.getByText('Cannot read properties of undefined');
    expect(details).not.toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Show Error' }));
    expect(details).toBeVisible();
    expect(screen.getByRole('button', { name: 'Hide Error' })).toHaveAttribute('aria-expanded', 'true');

    await user.click(screen.getByRole('button', { name: 'Hide Error' }));
    expect(details).not.toBeVisible();
    expect(screen.getByRole('button', { name: 'Show Error' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('[ROUTE-22] error page copes with something thrown that is not an Error', async () => {
    const user = userEvent.setup();
    renderShell(<ErrorPage error={{ weird: true }} />);
    await user.click(screen.getByRole('button', { name: 'Show Error' }));
    expect(screen.getByText('Unknown error')).toBeVisible();
  });
});
