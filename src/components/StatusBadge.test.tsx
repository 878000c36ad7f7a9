import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderShell } from '../test/testShell';
import { StatusBadge, STATUS_BADGE_ICON_SIZE, STATUS_BADGE_SIZE, type StatusBadgeVariant } from './StatusBadge';

const labels: Record<StatusBadgeVariant, string> = {
  success: 'Ready',
  almostReady: 'Almost ready',
  pending: 'Pending',
  error: 'Error',
};

describe('StatusBadge', () => {
  it('[ROUTE-23] status badge variants', () => {
    renderShell(
      <>
        {Object.keys(labels).map((variant) => (
          <StatusBadge key={variant} variant={variant as StatusBadgeVariant} />
        ))}
      </>,
    );
    for (const [variant, label] of Object.entries(labels)) {
      const badge = screen.getByRole('img', { name: label });
      expect(badge).toHaveAttribute('data-variant', variant);
      expect(badge).toHaveStyle({ width: `${STATUS_BADGE_SIZE}px`, height: `${STATUS_BADGE_SIZE}px`, borderRadius: '50%' });
      expect(badge.querySelector('svg')).toHaveStyle({ fontSize: `${STATUS_BADGE_ICON_SIZE}px` });
    }
  });

  it('[ROUTE-23] status badge takes a specific label', () => {
    renderShell(<StatusBadge variant="pending" label="shell.pending" />);
    expect(screen.getByRole('img', { name: 'Loading…' })).toBeInTheDocument();
  });
});
