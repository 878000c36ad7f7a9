import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import Button from '@mui/material/Button';
import { renderShell } from '../test/testShell';
import { EMPTY_STATE_MIN_HEIGHT, EmptyState } from './EmptyState';

describe('EmptyState', () => {
  it('[ROUTE-23] empty state', () => {
    renderShell(<EmptyState heading="shell.not_found.title" description="shell.not_found.description" action={<Button>Create</Button>} />);
    const overlay = screen.getByRole('status', { name: 'Not Found' });
    expect(overlay).toHaveStyle({ minHeight: `${EMPTY_STATE_MIN_HEIGHT}px` });
    expect(screen.getByRole('heading', { name: 'Not Found' })).toBeInTheDocument();
    expect(screen.getByText('The page you are looking for does not exist or has moved.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create' })).toBeInTheDocument();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('[ROUTE-23] empty state with a pending or an error icon', () => {
    const { unmount } = renderShell(<EmptyState heading="shell.pending" icon="pending" />);
    expect(screen.getByRole('img', { name: 'In progress' })).toBeInTheDocument();
    unmount();

    renderShell(<EmptyState heading="shell.error.title" icon="error" />);
    expect(screen.getByRole('alert', { name: 'Something went wrong!' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Error' })).toBeInTheDocument();
  });
});
