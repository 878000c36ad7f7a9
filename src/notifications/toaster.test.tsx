import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ToastProvider } from './Toasts';
import { isToasterWanted, showToast, subscribeToasterWanted } from './toaster';

describe('the toaster', () => {
  it('[PERF-1][ST-5] loads notistack only with the first toast, and that toast still shows', async () => {
    render(<ToastProvider />);
    expect(isToasterWanted()).toBe(false);
    const listener = vi.fn();
    subscribeToasterWanted(listener);

    await act(async () => {
      void showToast('The first toast');
    });
    expect(isToasterWanted()).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('The first toast')).toBeInTheDocument();
  });
});
