import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderShell } from '../layout/testShell';
import { ErrorBoundary } from './ErrorBoundary';
import { ErrorPage } from './ErrorPage';

const Broken = (): never => {
  throw new Error('The widget exploded');
};

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

  it('[ROUTE-22] error boundary shows the error page for a render error', () => {
    // React logs caught render errors; keep the test output readable.
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const onError = vi.fn();
    renderShell(
      <ErrorBoundary onError={onError}>
        <Broken />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong!' })).toBeInTheDocument();
    expect(screen.getByText('The widget exploded')).not.toBeVisible();
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'The widget exploded' }), expect.anything());
    consoleError.mockRestore();
  });
});
