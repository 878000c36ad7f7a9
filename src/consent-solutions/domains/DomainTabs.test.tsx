import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { HttpError } from 'react-admin';
import { ConsentSolutionDetail } from '../ConsentSolutionDetail';
import { renderInAdmin, samplePriceTable } from '../../test/renderInAdmin';

const solution = {
  id: 1,
  accountId: 1,
  name: 'Main shop',
  defaultLanguage: 'de',
  additionalLanguages: [],
  sharedConsent: false,
  autoblocking: false,
  consentVersion: 1,
  consentVersionAt: '2026-01-02T10:00:00Z',
  createdAt: '2026-01-01T10:00:00Z',
  updatedAt: '2026-01-02T10:00:00Z',
  domains: [{ id: 10, canonicalDomain: 'example.com', type: 'website', status: 'active' }],
};

const domain = {
  id: 10,
  accountId: 1,
  consentSolutionId: 1,
  canonicalDomain: 'example.com',
  type: 'website',
  defaultLanguage: 'de',
  scanDepth: 500,
  scanFrequency: 7,
  status: 'active',
  createdAt: '2026-01-01T10:00:00Z',
  createdBy: 'owner@example.com',
  updatedAt: '2026-01-02T10:00:00Z',
  lastScanAt: null,
  cookiesFound: 12,
  // DEPLOY-4: as the API answers every domain.
  verification: {
    status: 'verified',
    token: 'consent-verification=0123456789abcdef',
    method: 'dns',
    verifiedAt: '2026-01-01T11:00:00Z',
    expiresAt: null,
    checkedAt: '2026-01-01T11:00:00Z',
    problems: [],
  },
};

const renderTab = (url: string, extra: Record<string, unknown> = {}, roles?: string[]) => {
  const locations: string[] = [];
  const dataProvider = {
    getOne: vi.fn(async (resource: string) => ({ data: resource === 'domains' ? domain : solution })),
    getList: vi.fn(async () => ({ data: [domain], total: 1 })),
    getPricing: vi.fn(async () => samplePriceTable),
    ...extra,
  };
  renderInAdmin(
    <Routes>
      <Route path="/consent-solutions/:id/*" element={<ConsentSolutionDetail />} />
    </Routes>,
    { dataProvider, url, roles, onLocation: (location) => locations.push(location.pathname) },
  );
  return { dataProvider, locations };
};

describe('domains tab', () => {
  it("[ROUTE-16] lists the solution's domains with labels, status and scan facts", async () => {
    const { dataProvider } = renderTab('/consent-solutions/1/domains/');
    const link = await screen.findByRole('link', { name: 'example.com' });
    expect(link).toHaveAttribute('href', '/consent-solutions/1/domains/10/');
    const row = link.closest('tr')!;
    // The type's short name fits the row; what it means is its title.
    expect(within(row).getByText('Website')).toHaveAttribute('title', 'Website (public)');
    expect(within(row).getByText('Lite (500 pages)')).toBeInTheDocument();
    expect(within(row).getByText('Weekly')).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();
    expect(within(row).getByText('Not scanned yet')).toBeInTheDocument();
    expect(within(row).getByText('12')).toBeInTheDocument();
    expect(dataProvider.getList).toHaveBeenCalledWith('domains', expect.objectContaining({ filter: { consentSolutionId: 1 } }));
    expect(screen.getByRole('link', { name: 'Add domain' })).toHaveAttribute('href', '/consent-solutions/1/domains/create/');
  });

  it('[ROUTE-16] adds a domain to this solution, in its language', async () => {
    const create = vi.fn(async (_resource: string, { data }: { data: Record<string, unknown> }) => ({ data: { id: 11, ...data } }));
    const { locations } = renderTab('/consent-solutions/1/domains/create/', { create });
    await userEvent.type(await screen.findByRole('textbox', { name: /Domain URL/ }), 'example.org');
    expect(await screen.findByText('This domain adds +€13.50 / month (excl. VAT).')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(create).toHaveBeenCalled());
    expect(create.mock.calls[0]?.[1].data).toEqual({
      consentSolutionId: 1,
      canonicalDomain: 'example.org',
      type: 'website',
      defaultLanguage: 'de',
      scanDepth: 500,
      scanFrequency: 7,
    });
    await waitFor(() => expect(locations.at(-1)).toBe('/consent-solutions/1/domains/'));
  });

  it('[BEYOND-6] the edit form shows the monthly price change before saving', async () => {
    const update = vi.fn(async (_resource: string, { data }: { data: Record<string, unknown> }) => ({ data: { ...domain, ...data } }));
    renderTab('/consent-solutions/1/domains/10/', { update });
    expect(await screen.findByRole('textbox', { name: /Domain URL/ })).toHaveAttribute('readonly');
    expect(screen.getByText('owner@example.com')).toBeInTheDocument();
    expect(await screen.findByText('This domain costs €13.50 / month (excl. VAT).')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('combobox', { name: /Scanner frequency/ }));
    await userEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Daily' }));
    expect(await screen.findByText('This change: +€9.00 / month (excl. VAT). New price: €22.50 / month.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(update).toHaveBeenCalled());
    expect(update.mock.calls[0]?.[1].data).toEqual({ defaultLanguage: 'de', scanDepth: 500, scanFrequency: 1 });
  });

  it('[ROLE-1] an agency’s client edits domains without prices: no preview, no price table fetched', async () => {
    const { dataProvider } = renderTab('/consent-solutions/1/domains/10/', {}, ['ROLE_CLIENT']);
    expect(await screen.findByRole('textbox', { name: /Domain URL/ })).toHaveAttribute('readonly');
    expect(await screen.findByRole('combobox', { name: /Scanner frequency/ })).toBeInTheDocument();
    expect(screen.queryByText(/month \(excl. VAT\)/)).not.toBeInTheDocument();
    expect(screen.queryByText(/price/i)).not.toBeInTheDocument();
    expect(dataProvider.getPricing).not.toHaveBeenCalled();
  });

  it('[ERR-1] a refused delete shows the server message and the failure notice', async () => {
    const refusal = new HttpError('app.error_already_notified', 409, {
      violations: [
        {
          propertyPath: '',
          message: 'The last public domain of the last consent solution cannot be removed.',
          payload: { messageKey: 'error.backend.last_public_domain' },
        },
      ],
    });
    const deleteOne = vi.fn(async () => Promise.reject(refusal));
    renderTab('/consent-solutions/1/domains/10/', { delete: deleteOne });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Delete example.com?');
    await userEvent.click(within(dialog).getByRole('button', { name: /Confirm/ }));
    await waitFor(() => expect(deleteOne).toHaveBeenCalled());
    expect(await screen.findByText('The last public domain of the last consent solution cannot be removed.')).toBeInTheDocument();
    expect(await screen.findByText('The domain was not deleted.')).toBeInTheDocument();
  });
});
