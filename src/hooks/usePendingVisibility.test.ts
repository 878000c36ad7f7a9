import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { usePendingVisibility } from './usePendingVisibility';

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('usePendingVisibility', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('[ST-7] pending indicator waits 1000 ms and stays 500 ms', () => {
    const { result, rerender } = renderHook(({ pending }) => usePendingVisibility(pending), { initialProps: { pending: true } });
    advance(999);
    expect(result.current).toBe(false);
    advance(1);
    expect(result.current).toBe(true);

    // The work ends 100 ms after the indicator appeared: it still stays 400 ms more.
    advance(100);
    rerender({ pending: false });
    advance(399);
    expect(result.current).toBe(true);
    advance(1);
    expect(result.current).toBe(false);
  });

  it('[ST-7] a quick load never shows the indicator', () => {
    const { result, rerender } = renderHook(({ pending }) => usePendingVisibility(pending), { initialProps: { pending: true } });
    advance(900);
    rerender({ pending: false });
    advance(5000);
    expect(result.current).toBe(false);
  });

  it('[ST-7] a long load hides the indicator as soon as it ends', () => {
    const { result, rerender } = renderHook(({ pending }) => usePendingVisibility(pending), { initialProps: { pending: true } });
    advance(3000);
    expect(result.current).toBe(true);
    rerender({ pending: false });
    advance(0);
    expect(result.current).toBe(false);
  });

  it('[ST-7] pending again while lingering keeps the indicator up', () => {
    const { result, rerender } = renderHook(({ pending }) => usePendingVisibility(pending), { initialProps: { pending: true } });
    advance(1000);
    rerender({ pending: false });
    advance(200);
    rerender({ pending: true });
    advance(2000);
    expect(result.current).toBe(true);
  });
});
