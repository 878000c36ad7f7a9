import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConsentSolutionCreate } from './ConsentSolutionCreate';
import { renderInAdmin, samplePriceTable } from '../test/renderInAdmin';

const setup = () => {
  // As the API answers: the solution with its first domain in `domains`.
  const create = vi.fn(async (_resource: string, { data }: { data: Record<string, unknown> }) => ({
    data: { id: 99, ...data, domains: [{ id: 1, ...(data.domain as Record<string, unknown>) }] },
  }));
  const getPricing = vi.fn(async () => samplePriceTable);
  const locations: string[] = [];
  renderInAdmin(<ConsentSolutionCreate />, {
    dataProvider: { create, getPricing },
    url: '/consent-solutions/create',
    onLocation: (location) => locations.push(location.pathname),
  });
  return { create, getPricing, locations };
};

const domainField = () => screen.findByRole('textbox', { name: /Domain URL/ });

describe('create a consent solution', () => {
  it('[VAL-1] live canonical check message', async () => {
    setup();
    await userEvent.type(await domainField(), 'https://www.Example.com/shop');
    expect(await screen.findByText('Domain is not in canonical form (without http/s protocol and www.).')).toBeInTheDocument();
    expect(screen.getByText('Did you mean example.com?')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Use example.com' }));
    expect(await domainField()).toHaveValue('example.com');
    await waitFor(() => expect(screen.queryByText(/Domain is not in canonical form/)).not.toBeInTheDocument());
  });

  it('[PROD-4] price preview for a website domain', async () => {
    const { getPricing } = setup();
    // Defaults: 500 pages weekly, 900 cents × 1.5 on the essential plan.
    expect(await screen.findByText('This domain adds +€13.50 / month (excl. VAT).')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('combobox', { name: /Scan depth/ }));
    await userEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Standard (5,000 pages)' }));
    expect(await screen.findByText('This domain adds +€28.50 / month (excl. VAT).')).toBeInTheDocument();
    expect(getPricing).toHaveBeenCalledTimes(1);
  });

  it('[PROD-4] an alias is not charged', async () => {
    setup();
    await userEvent.click(await screen.findByRole('combobox', { name: /Type/ }));
    await userEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: /Internal alias/ }));
    expect(await screen.findByText('Not charged: only public domains (website) are billed.')).toBeInTheDocument();
  });

  it('[ROUTE-11] posts the contract body and lands on the new solution', async () => {
    const { create, locations } = setup();
    await userEvent.type(await domainField(), 'example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(create).toHaveBeenCalled());
    expect(create.mock.calls[0]?.[1].data).toEqual({
      name: 'example.com',
      defaultLanguage: 'en',
      additionalLanguages: [],
      domain: { canonicalDomain: 'example.com', type: 'website', scanDepth: 500, scanFrequency: 7 },
    });
    await waitFor(() => expect(locations.at(-1)).toBe('/consent-solutions/99/installation/'));
  });
});
