import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderShell, testDataProvider } from '../test/testShell';
import { HomeRedirect, homePathFor } from './HomeRedirect';

describe('HomeRedirect', () => {
  it('[ROUTE-4] home path from the consent-solutions count', () => {
    expect(homePathFor({ isError: false, total: 0 })).toBe('/onboarding');
    expect(homePathFor({ isError: false, total: 3 })).toBe('/consent-solutions');
    expect(homePathFor({ isError: false, count: 0 })).toBe('/onboarding');
    expect(homePathFor({ isError: true })).toBe('/consent-solutions');
  });

  it('[ROUTE-4] an account without consent solutions goes to onboarding', async () => {
    const getList = vi.fn().mockResolvedValue({ data: [], total: 0 });
    renderShell(<HomeRedirect />, { dataProvider: testDataProvider({ getList }) });
    expect(await screen.findByText('/onboarding')).toBeInTheDocument();
    expect(getList).toHaveBeenCalledWith('consent-solutions', expect.objectContaining({ pagination: { page: 1, perPage: 1 } }));
  });

  it('[ROUTE-4] an account with consent solutions, or a failed call, goes to the list', async () => {
    const getList = vi.fn().mockResolvedValue({ data: [{ id: 1 }], total: 2 });
    const { unmount } = renderShell(<HomeRedirect />, { dataProvider: testDataProvider({ getList }) });
    expect(await screen.findByText('/consent-solutions')).toBeInTheDocument();
    unmount();

    renderShell(<HomeRedirect />, { dataProvider: testDataProvider({ getList: vi.fn().mockRejectedValue(new Error('404')) }) });
    expect(await screen.findByText('/consent-solutions')).toBeInTheDocument();
  });
});
