import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDataProvider } from '../../test/testShell';
import { withConsentSolutionsMethods } from '../../providers/methods/consentSolutions';
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

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The standards API answered by a fake fetch: GET the defaults, PUT echoes or refuses. */
const stubApi = (put: (body: unknown) => Response) => {
  const calls: { method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (!String(url).endsWith('/consent-solutions/1/standards')) return json({}, 404);
      const method = init.method ?? 'GET';
      const body: unknown = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, body });
      return method === 'PUT' ? put(body) : json(DEFAULT_PRIVACY_STANDARDS);
    }),
  );
  return calls;
};

const renderSettings = () =>
  renderInAdmin(
    <Routes>
      <Route path="/consent-solutions/:id/*" element={<ConsentSolutionDetail />} />
    </Routes>,
    {
      // The standards methods are the real ones, over the fake fetch below.
      dataProvider: withConsentSolutionsMethods(testDataProvider({ getOne: vi.fn(async () => ({ data: solution })) })),
      url: '/consent-solutions/1/settings/',
    },
  );

const standardsSection = async () => within(await screen.findByRole('region', { name: 'Privacy standards' }));

// The settings tab is a lazy chunk: imported once here, so that no test waits for its first transform.
beforeAll(async () => {
  await import('../formTabs');
}, 120_000);

afterEach(() => vi.unstubAllGlobals());

describe('privacy standards settings', () => {
  it('[STD-1][STD-3][STD-4] shows the saved standards and saves Consent Mode through the API', async () => {
    const calls = stubApi((body) => json(body));
    renderSettings();
    const section = await standardsSection();
    const consentMode = await section.findByRole('switch', { name: 'Send Consent Mode signals' });
    expect(consentMode).not.toBeChecked();
    expect(section.getByRole('switch', { name: 'Honour the Global Privacy Control signal in every region' })).toBeChecked();
    await userEvent.click(consentMode);
    await userEvent.click(section.getByRole('radio', { name: /Basic: Google tags are blocked/ }));
    await userEvent.click(section.getByRole('button', { name: 'Save privacy standards' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const saved = calls.find((c) => c.method === 'PUT')?.body as typeof DEFAULT_PRIVACY_STANDARDS;
    expect(saved.consentMode).toMatchObject({ enabled: true, mode: 'basic', waitForUpdate: 500 });
    expect(saved.gpc).toEqual(DEFAULT_PRIVACY_STANDARDS.gpc);
  }, 40_000);

  it('[STD-13] the GPP sections are configured beside the regional rules and saved through the API', async () => {
    const calls = stubApi((body) => json(body));
    renderSettings();
    const section = await standardsSection();
    const gpp = within(await section.findByRole('group', { name: 'IAB Global Privacy Platform (GPP)' }));
    await userEvent.click(gpp.getByRole('switch', { name: 'Provide the IAB GPP (__gpp)' }));
    expect(gpp.getByRole('radio', { name: /The section of the visitor’s state/ })).toBeChecked();
    await userEvent.click(gpp.getByRole('radio', { name: /The US national section \(usnat\)/ }));
    await userEvent.click(gpp.getByRole('switch', { name: /I signed the IAB Multi-State Privacy Agreement/ }));
    await userEvent.click(section.getByRole('button', { name: 'Save privacy standards' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const saved = calls.find((c) => c.method === 'PUT')?.body as typeof DEFAULT_PRIVACY_STANDARDS;
    expect(saved.gpp).toEqual({ enabled: true, usApproach: 'national', tcfEu: true, mspaCovered: true, mspaMode: 'opt-out' });
  }, 40_000);

  it('[STD-1] a bad wait_for_update is shown on its field and not sent', async () => {
    const calls = stubApi((body) => json(body));
    renderSettings();
    const section = await standardsSection();
    const wait = await section.findByRole('spinbutton', { name: 'Wait for update (ms)' });
    await userEvent.clear(wait);
    await userEvent.type(wait, '20000');
    expect(await section.findByText('Enter a whole number of milliseconds from 0 to 10000.')).toBeInTheDocument();
    await userEvent.click(section.getByRole('button', { name: 'Save privacy standards' }));
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });
});
