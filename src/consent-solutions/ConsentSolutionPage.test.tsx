import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { env } from '../config/env';
import { renderInAdmin } from '../test/renderInAdmin';
import { ConsentSolutionPage } from './ConsentSolutionPage';

const solution = {
  id: 1,
  accountId: 1,
  name: 'Main shop',
  defaultLanguage: 'en',
  additionalLanguages: ['fr'],
  sharedConsent: false,
  autoblocking: false,
  consentVersion: 3,
  consentVersionAt: '2026-01-02T10:00:00Z',
  createdAt: '2026-01-01T10:00:00Z',
  updatedAt: '2026-01-02T10:00:00Z',
  domains: [{ id: 10, canonicalDomain: 'example.com', type: 'website', status: 'active' }],
};

const renderDetail = (url: string, extra: Record<string, unknown> = {}, roles?: string[]) => {
  const locations: string[] = [];
  const dataProvider = {
    getOne: vi.fn(async () => ({ data: solution })),
    // What the installation tab reads: nothing published, no decision recorded yet, TCF off.
    getPopupState: vi.fn(async () => ({
      consentSolutionId: 1,
      mode: 'default',
      templateId: null,
      activeTemplateId: 1,
      published: null,
      scriptPath: '/cdn/1/banner.js',
    })),
    getOnboarding: vi.fn(async () => ({ websiteAdded: true, templatePublished: false, scriptInstalled: false, consentSolutionId: 1 })),
    getTcfState: vi.fn(async () => ({ settings: { enabled: false } })),
    getScannerStatus: vi.fn(async () => ({ available: false, running: null, queued: 0 })),
    getHealthChecks: vi.fn(async () => []),
    ...extra,
  };
  renderInAdmin(
    <Routes>
      <Route path="/consent-solutions/:id/*" element={<ConsentSolutionPage />} />
    </Routes>,
    { dataProvider, url, roles, onLocation: (location) => locations.push(location.pathname) },
  );
  return { dataProvider, locations };
};

afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe('consent solution detail', () => {
  it('[ROUTE-12] opens on the installation tab, with its tabs as links', async () => {
    const { locations } = renderDetail('/consent-solutions/1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Main shop' })).toBeInTheDocument();
    await waitFor(() => expect(locations.at(-1)).toBe('/consent-solutions/1/installation/'));
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Installation',
      'Domains',
      'Pop-up appearance',
      'Settings',
      'Copy and translations',
      'Cookie management',
      'IAB TCF',
    ]);
    expect(screen.getByRole('tab', { name: 'Settings' })).toHaveAttribute('href', '/consent-solutions/1/settings/');
    expect(screen.getByRole('tab', { name: 'Installation' })).toHaveAttribute('aria-selected', 'true');
  });

  it('[ROUTE-13] the pop-up tab redirects to my templates', async () => {
    const { locations } = renderDetail('/consent-solutions/1/popup/');
    await waitFor(() => expect(locations.at(-1)).toBe('/consent-solutions/1/popup/my-templates/'));
  });

  it('[ROUTE-15] copy button copies the script tag', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderDetail('/consent-solutions/1/installation/');
    const tag = `<script src="${env.apiUrl}/cdn/1/loader.js" data-consent-solution="1"></script>`;
    expect(await screen.findByRole('textbox', { name: 'Script tag' })).toHaveValue(tag);
    fireEvent.click(screen.getByRole('button', { name: 'Copy script tag' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(tag));
    expect(await screen.findByText('Script tag copied to the clipboard.')).toBeInTheDocument();
  });

  it('[ROUTE-15] without a clipboard the tag is selected for the keyboard', async () => {
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    renderDetail('/consent-solutions/1/installation/');
    const field = (await screen.findByRole('textbox', { name: 'Script tag' })) as HTMLTextAreaElement;
    fireEvent.click(screen.getByRole('button', { name: 'Copy script tag' }));
    expect(await screen.findByText(/the tag is selected, press Ctrl\+C/)).toBeInTheDocument();
    expect(field.selectionEnd - field.selectionStart).toBe(field.value.length);
  });

  it('[ROUTE-15] guides and a next-steps checklist ticked from real data', async () => {
    renderDetail('/consent-solutions/1/installation/');
    for (const guide of ['Plain HTML', 'Google Tag Manager', 'WordPress', 'Shopify']) {
      expect(await screen.findByRole('button', { name: guide })).toBeInTheDocument();
    }
    // The onboarding guide's step names (ROUTE-5), and no step promised for later.
    expect(screen.getByText('Add your website').closest('[data-step]')).toHaveAttribute('data-done', 'true');
    expect(screen.getByText('Pick a pop-up template').closest('[data-step]')).toHaveAttribute('data-done', 'false');
    expect(document.querySelector('[data-step="script_seen"]')).toHaveTextContent('Install the script');
    expect(document.querySelector('[data-step="script_seen"]')).toHaveAttribute('data-done', 'false');
    expect(screen.queryByText(/coming soon/i)).not.toBeInTheDocument();
  });
});
