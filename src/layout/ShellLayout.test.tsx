import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { LayoutClasses } from 'react-admin';
import { renderShell, testDataProvider } from '../test/testShell';
import { AppLayout } from './AppLayout';

vi.mock('../session/sessionState', async (importOriginal) => {
  const session = { account_id: 3 };
  return { ...(await importOriginal<object>()), getSession: () => session, subscribe: () => () => undefined };
});
vi.mock('../notifications/notify', () => ({ notify: vi.fn() }));

const Broken = (): never => {
  throw new Error('The page broke');
};

const renderLayout = (page: React.ReactNode) =>
  renderShell(<AppLayout>{page}</AppLayout>, { dataProvider: testDataProvider({ getAccount: vi.fn().mockResolvedValue({ id: 3, name: 'Acme' }) }) });

afterEach(() => vi.restoreAllMocks());

describe('the shell layout', () => {
  it("[ROUTE-21] [ROUTE-23] keeps react-admin's frame: skip link, app bar, navigation and the page in #main-content", async () => {
    renderLayout(<p>Page content</p>);
    expect(await screen.findByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    // The test catalogue has the shell's texts only: react-admin's own label shows as its key.
    expect(screen.getByRole('button', { name: 'ra.navigation.skip_nav' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    const content = screen.getByText('Page content').closest(`.${LayoutClasses.content}`);
    expect(content).toHaveAttribute('id', 'main-content');
    expect(content?.closest(`.${LayoutClasses.contentWithSidebar}`)?.closest(`.${LayoutClasses.appFrame}`)).not.toBeNull();
  });

  it('[ERR-1] a page that throws shows the error page inside the frame, with the navigation still there', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderLayout(<Broken />);
    expect(await screen.findByRole('heading', { name: 'Something went wrong!' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
  });

  it('[ROUTE-23] the app bar names its loading spinner while a query runs (axe: aria-progressbar-name)', async () => {
    const pending = new Promise(() => undefined);
    renderShell(<AppLayout>Page content</AppLayout>, { dataProvider: testDataProvider({ getAccount: vi.fn().mockReturnValue(pending) }) });
    expect(await screen.findByRole('progressbar', { name: 'ra.page.loading' })).toBeInTheDocument();
  });

  it("[PERF-1] does not read the page's width while it renders (react-admin's inspector did, forcing a layout)", async () => {
    const width = vi.spyOn(Element.prototype, 'clientWidth', 'get');
    renderLayout(<p>Page content</p>);
    expect(await screen.findByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    expect(width).not.toHaveBeenCalled();
  });
});
