import { use } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderShell, testDataProvider } from '../test/testShell';
import { AppLayout } from './AppLayout';

vi.mock('../providers/session', () => {
  const session = { account_id: 3 };
  return { getSession: () => session, subscribe: () => () => undefined };
});
vi.mock('../providers/notify', () => ({ notify: vi.fn() }));
const preloadList = vi.hoisted(() => vi.fn(() => Promise.resolve({})));
vi.mock('../resources/consent-solutions', () => ({ preloadConsentSolutionList: preloadList }));

describe('AppLayout', () => {
  it('[ROUTE-21] navigation, dark-blue app bar, log out, and the subscription banner', async () => {
    const getAccount = vi.fn().mockResolvedValue({ id: 3, name: 'Acme', subscription: { status: 'inactive' } });
    renderShell(
      <AppLayout>
        <p>Page content</p>
      </AppLayout>,
      { dataProvider: testDataProvider({ getAccount }) },
    );

    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const links = within(nav).getAllByRole('menuitem');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Consent Solutions', '/consent-solutions'],
      ['Mobile Consent Solutions', '/mobile-consent-solutions/'],
      ['Compliance Dashboard', '/compliance-dashboard/'],
      ['Teammates', '/teammates/'],
    ]);
    expect(screen.getByRole('banner')).toHaveClass('MuiAppBar-colorPrimary');
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    expect(screen.getByText('Page content')).toBeInTheDocument();
    expect(await screen.findByText(/Your subscription is inactive/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Subscribe' })).toHaveAttribute('href', '/subscription/');
  });

  it('[issue 18] the cookie notice paints with the shell while the page is still loading', async () => {
    const pageChunk = new Promise<never>(() => undefined);
    const SuspendedPage = () => use(pageChunk);
    renderShell(
      <AppLayout>
        <SuspendedPage />
      </AppLayout>,
      { dataProvider: testDataProvider({ getAccount: vi.fn().mockResolvedValue({ id: 3, name: 'Acme' }) }) },
    );
    // Before the shell, the loading frame shows the notice; the shell keeps it while the page loads.
    expect(screen.getByRole('region', { name: 'Cookies on this admin' })).toBeInTheDocument();
    expect(await screen.findByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    // The notice speaks the app's own catalogue (its texts come with the boot chunk), not react-admin's.
    expect(screen.getByRole('region', { name: 'Cookies on this admin' })).toBeInTheDocument();
  });

  it('[issue 18] pointing at or focusing the consent-solutions entry starts loading its page', async () => {
    renderShell(
      <AppLayout>
        <p>Page content</p>
      </AppLayout>,
      { dataProvider: testDataProvider({ getAccount: vi.fn().mockResolvedValue({ id: 3, name: 'Acme' }) }) },
    );
    const entry = within(screen.getByRole('navigation', { name: 'Main navigation' })).getByRole('menuitem', { name: 'Consent Solutions' });
    expect(preloadList).not.toHaveBeenCalled();
    fireEvent.pointerEnter(entry);
    expect(preloadList).toHaveBeenCalledTimes(1);
    fireEvent.focus(entry);
    expect(preloadList).toHaveBeenCalledTimes(2);
  });
});
