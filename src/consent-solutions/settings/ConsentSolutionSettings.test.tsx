import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { HttpError } from 'react-admin';
import { DEFAULT_PRIVACY_STANDARDS } from '../../schemas/privacyStandards';
import { ConsentSolutionDetail } from '../ConsentSolutionDetail';
import { renderInAdmin } from '../../test/renderInAdmin';

const solution = {
  id: 1,
  accountId: 1,
  name: 'Main shop',
  defaultLanguage: 'en',
  additionalLanguages: [],
  sharedConsent: false,
  autoblocking: false,
  consentVersion: 3,
  consentVersionAt: '2026-01-02T10:00:00Z',
  createdAt: '2026-01-01T10:00:00Z',
  updatedAt: '2026-01-02T10:00:00Z',
  domains: [{ id: 10, canonicalDomain: 'example.com', type: 'website', status: 'active' }],
};

const renderSettings = (extra: Record<string, unknown> = {}, roles?: string[]) => {
  const dataProvider = {
    getOne: vi.fn(async () => ({ data: solution })),
    // The privacy standards section below the settings reads them too.
    getPrivacyStandards: vi.fn(async () => DEFAULT_PRIVACY_STANDARDS),
    ...extra,
  };
  renderInAdmin(
    <Routes>
      <Route path="/consent-solutions/:id/*" element={<ConsentSolutionDetail />} />
    </Routes>,
    { dataProvider, url: '/consent-solutions/1/settings/', roles },
  );
  return dataProvider;
};

describe('consent solution settings', () => {
  it('[ROUTE-14] shared consent is read-only without the universal consent role', async () => {
    renderSettings({}, ['ROLE_USER']);
    expect(await screen.findByRole('switch', { name: 'Shared consent' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Autoblocking' })).toBeEnabled();
  });

  it('[ROUTE-14] the only way to delete is the confirmation that names the solution', async () => {
    renderSettings();
    expect(await screen.findByRole('button', { name: 'Delete consent solution' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('[ROLE-1] an admin may change shared consent', async () => {
    renderSettings({}, ['ROLE_ADMIN']);
    expect(await screen.findByRole('switch', { name: 'Shared consent' })).toBeEnabled();
  });

  it('[ROUTE-14] saves only the editable fields', async () => {
    const update = vi.fn(async (_resource: string, { data }: { data: Record<string, unknown> }) => ({ data: { ...solution, ...data } }));
    renderSettings({ update });
    const name = await screen.findByRole('textbox', { name: /Name/ });
    await userEvent.clear(name);
    await userEvent.type(name, 'Shop EU');
    await userEvent.click(screen.getByRole('switch', { name: 'Autoblocking' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(update).toHaveBeenCalled());
    expect(update.mock.calls[0]?.[1].data).toEqual({ name: 'Shop EU', defaultLanguage: 'en', additionalLanguages: [], autoblocking: true });
  });

  it('[ROUTE-14] push for consent asks for confirmation, then shows the new version', async () => {
    const pushForConsent = vi.fn(async () => ({ consentVersion: 4, consentVersionAt: '2026-02-01T09:00:00Z' }));
    renderSettings({ pushForConsent });
    expect(await screen.findByText(/Version 3, since/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Push for consent' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('will see the pop-up again');
    expect(pushForConsent).not.toHaveBeenCalled();
    await userEvent.click(screen.getAllByRole('button', { name: 'Push for consent' }).at(-1)!);
    await waitFor(() => expect(pushForConsent).toHaveBeenCalledWith(1));
    expect(await screen.findByText(/Version 4, since/)).toBeInTheDocument();
    expect(await screen.findByText('Consent version 4 is live: visitors will be asked again.')).toBeInTheDocument();
  });

  it('[ROUTE-14] delete needs the typed name and shows a refusal from the server', async () => {
    const refusal = new HttpError('app.error_already_notified', 409, {
      violations: [
        {
          propertyPath: '',
          message: 'A consent solution with active domains cannot be removed.',
          payload: { messageKey: 'error.backend.consent_solution_has_active_domains' },
        },
      ],
    });
    const deleteOne = vi.fn(async () => Promise.reject(refusal));
    renderSettings({ delete: deleteOne });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete consent solution' }));
    expect(await screen.findByRole('dialog', { name: 'Delete Main shop?' })).toBeInTheDocument();
    const confirm = screen.getByRole('button', { name: 'Delete permanently' });
    expect(confirm).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: /Name of the consent solution/ }), 'Main shop');
    await userEvent.click(confirm);
    await waitFor(() => expect(deleteOne).toHaveBeenCalled());
    // The refusal shows the translated messageKey, not the API's English fallback.
    expect(await screen.findByText('A consent solution cannot be removed while it has active domains.')).toBeInTheDocument();
    expect(await screen.findByText('The consent solution was not deleted.')).toBeInTheDocument();
  });
});
