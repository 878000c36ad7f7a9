import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_TCF_SETTINGS, type AcProviderRow, type TcfSettings } from '../../schemas/tcf';
import { renderInAdmin } from '../../test/renderInAdmin';
import { testDataProvider } from '../../test/testShell';
import { AcProviders } from './AcProviders';

const PROVIDERS: AcProviderRow[] = [
  { id: 35, name: 'Saltmarsh Measurement', policyUrl: 'https://saltmarsh.example/privacy', domains: '' },
  { id: 89, name: 'Tidewater Ads', policyUrl: 'https://tidewater.example/privacy', domains: '' },
];

describe("Google's Additional Consent providers in the TCF tab", () => {
  it('[STD-14] lists the providers the API finds, chooses and unchooses them, and shows a violation on its row', async () => {
    const searchAcProviders = vi.fn(async (q: string) => {
      const providers = PROVIDERS.filter((p) => q === '' || p.name.toLowerCase().includes(q.toLowerCase()));
      return { providers, total: providers.length };
    });
    const changes: TcfSettings[] = [];
    const settings: TcfSettings = { ...DEFAULT_TCF_SETTINGS, acProviders: [89] };
    renderInAdmin(
      <AcProviders settings={settings} errors={{ 'acProviders.0': 'validation.tcf_ac_provider_unknown' }} onChange={(next) => changes.push(next)} />,
      { dataProvider: testDataProvider({ searchAcProviders }) },
    );
    const section = within(await screen.findByRole('region', { name: 'Google’s Additional Consent' }));
    expect(section.getByText('1 providers chosen')).toBeTruthy();
    const tidewater = await section.findByRole('checkbox', { name: 'Choose Tidewater Ads' });
    expect(tidewater).toBeChecked();
    expect(section.getByText("This provider is not on Google's Additional Consent list.")).toBeTruthy();
    expect(section.getAllByRole('link', { name: 'Policy' }).map((link) => link.getAttribute('href'))).toEqual([
      'https://saltmarsh.example/privacy',
      'https://tidewater.example/privacy',
    ]);
    await userEvent.click(section.getByRole('checkbox', { name: 'Choose Saltmarsh Measurement' }));
    expect(changes.at(-1)?.acProviders).toEqual([89, 35]);
    await userEvent.click(tidewater);
    expect(changes.at(-1)?.acProviders).toEqual([]);

    await userEvent.type(section.getByRole('textbox', { name: 'Search providers by name or id' }), 'salt');
    await waitFor(() => expect(searchAcProviders).toHaveBeenLastCalledWith('salt', 1, 10));
    await waitFor(() => expect(section.queryByRole('checkbox', { name: 'Choose Tidewater Ads' })).toBeNull());
  });
});
