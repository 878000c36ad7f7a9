import { use } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { LayoutClasses } from 'react-admin';
import { renderShell, testDataProvider } from '../test/testShell';
import AdminBoot from './AdminBoot';
import { AppLayout } from './AppLayout';

vi.mock('../session/sessionState', async (importOriginal) => {
  const session = { account_id: 3 };
  return { ...(await importOriginal<object>()), getSession: () => session, subscribe: () => () => undefined };
});
vi.mock('../notifications/notify', () => ({ notify: vi.fn() }));
const preloadList = vi.hoisted(() => vi.fn(() => Promise.resolve({})));
vi.mock('../consent-solutions', () => ({ preloadConsentSolutionList: preloadList }));

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

  it('[PERF-1] the loading frame keeps its cookie notice until the shell shows its own, while the page is still loading', async () => {
    const pageChunk = new Promise<never>(() => undefined);
    const SuspendedPage = () => use(pageChunk);
    renderShell(
      <AdminBoot>
        <AppLayout>
          <SuspendedPage />
        </AppLayout>
      </AdminBoot>,
      { dataProvider: testDataProvider({ getAccount: vi.fn().mockResolvedValue({ id: 3, name: 'Acme' }) }) },
    );
    const notices = () => screen.getAllByRole('region', { name: 'Cookies on this admin' });
    // The boot frame's notice, before the shell.
    expect(notices()).toHaveLength(1);
    expect(await screen.findByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    // One notice, the shell's: the frame left when the shell came, not before (a blank) nor after (two notices).
    expect(notices()).toHaveLength(1);
    expect(notices()[0]!.closest(`.${LayoutClasses.content}`)).not.toBeNull();
  });

  it('[PERF-1] pointing at or focusing the consent-solutions entry starts loading its page', async () => {
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
