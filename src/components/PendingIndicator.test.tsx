import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { testI18nProvider } from '../test/testShell';
import { PendingIndicator, PendingProvider } from './PendingIndicator';

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const bar = () => screen.queryByRole('progressbar', { name: 'Loading…' });

const Fallback = ({ loading }: { loading: boolean }) => (
  <AdminContext i18nProvider={testI18nProvider()}>
    <PendingProvider>{loading ? <PendingIndicator /> : <p>Page</p>}</PendingProvider>
  </AdminContext>
);

describe('PendingIndicator', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('[ST-7] [ROUTE-23] a Suspense fallback shows the bar after 1000 ms and keeps it 500 ms after the page arrives', () => {
    const { rerender } = render(<Fallback loading />);
    advance(999);
    expect(bar()).toBeNull();
    advance(1);
    expect(bar()).toBeInTheDocument();
    // Rendered above the page's landmarks, the bar is a labelled region of its own (axe: region).
    expect(bar()?.closest('[role="region"]')).toHaveAccessibleName('Loading…');

    // The fallback unmounts as the page arrives; the provider keeps the bar for the minimum.
    rerender(<Fallback loading={false} />);
    expect(screen.getByText('Page')).toBeInTheDocument();
    advance(499);
    expect(bar()).toBeInTheDocument();
    advance(1);
    expect(bar()).toBeNull();
  });

  it('[ST-7] without a provider the fallback still waits 1000 ms', () => {
    render(
      <AdminContext i18nProvider={testI18nProvider()}>
        <PendingIndicator />
      </AdminContext>,
    );
    advance(999);
    expect(bar()).toBeNull();
    advance(1);
    expect(bar()).toBeInTheDocument();
  });
});
