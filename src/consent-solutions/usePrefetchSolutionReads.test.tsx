import { lazy, Suspense } from 'react';
import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../query/queryClient';
import { renderInAdmin } from '../test/renderInAdmin';
import { ConsentSolutionPage } from './ConsentSolutionPage';
import { usePrefetchSolutionReads } from './usePrefetchSolutionReads';

const solution = {
  id: 1,
  accountId: 1,
  name: 'Main shop',
  defaultLanguage: 'en',
  additionalLanguages: [],
  domains: [{ id: 10, canonicalDomain: 'example.com', type: 'website', status: 'active' }],
};

const fakeProvider = () => ({
  getOne: vi.fn(async () => ({ data: solution })),
  getPublishStatus: vi.fn(async () => ({ published: null, changes: null })),
  getTcfState: vi.fn(async () => ({ settings: { enabled: false } })),
  getPopupState: vi.fn(async () => ({ consentSolutionId: 1, mode: 'default', templateId: null, activeTemplateId: 1, published: null })),
  getOnboarding: vi.fn(async () => ({ websiteAdded: true, templatePublished: false, scriptInstalled: false, consentSolutionId: 1 })),
  getScannerStatus: vi.fn(async () => ({ available: false, running: null, queued: 0 })),
  getHealthChecks: vi.fn(async () => []),
});

/** The detail's chunk, still on its way. */
const StillLoading = lazy(() => new Promise<never>(() => undefined));

const DetailRoute = ({ page }: { page: 'loading' | 'loaded' }) => {
  usePrefetchSolutionReads();
  return page === 'loading' ? <StillLoading /> : <ConsentSolutionPage />;
};

const renderRoute = (url: string, page: 'loading' | 'loaded') => {
  const dataProvider = fakeProvider();
  renderInAdmin(
    <Routes>
      <Route
        path="/consent-solutions/:id/*"
        element={
          <Suspense fallback={<p>Loading the detail</p>}>
            <DetailRoute page={page} />
          </Suspense>
        }
      />
    </Routes>,
    { dataProvider, url, queryClient: createQueryClient() },
  );
  return dataProvider;
};

describe('a consent solution detail’s first reads', () => {
  it('[PERF-1] start while the detail’s chunk is still loading: the record, the publish status and, on the installation tab, the TCF state', async () => {
    const dataProvider = renderRoute('/consent-solutions/1/installation/', 'loading');
    await waitFor(() => expect(dataProvider.getTcfState).toHaveBeenCalledWith('1'));
    expect(dataProvider.getOne).toHaveBeenCalledWith('consent-solutions', { id: '1' });
    expect(dataProvider.getPublishStatus).toHaveBeenCalledWith('1');
    expect(screen.getByText('Loading the detail')).toBeInTheDocument();
  });

  it('[PERF-1] a tab without TCF does not read the TCF state', async () => {
    const dataProvider = renderRoute('/consent-solutions/1/popup/my-templates/', 'loading');
    await waitFor(() => expect(dataProvider.getPublishStatus).toHaveBeenCalledWith('1'));
    expect(dataProvider.getOne).toHaveBeenCalledTimes(1);
    expect(dataProvider.getTcfState).not.toHaveBeenCalled();
  });

  it('[PERF-1] the detail then uses what was read: each is asked once', async () => {
    const dataProvider = renderRoute('/consent-solutions/1/installation/', 'loaded');
    expect(await screen.findByRole('heading', { level: 1, name: 'Main shop' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Install the script' })).toBeInTheDocument();
    await waitFor(() => expect(dataProvider.getHealthChecks).toHaveBeenCalled());
    expect(dataProvider.getOne).toHaveBeenCalledTimes(1);
    expect(dataProvider.getPublishStatus).toHaveBeenCalledTimes(1);
    expect(dataProvider.getTcfState).toHaveBeenCalledTimes(1);
  });
});
