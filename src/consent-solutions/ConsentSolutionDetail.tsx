import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ShowBase, Title, useRecordContext, useShowContext, useTranslate } from 'react-admin';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { DeferredShowContext } from '../components/deferredContexts';
import { useRenderedLater } from '../hooks/useRenderedLater';
import { NotFound } from '../components/NotFound';
import { RecordLoadState, STAY_ON_FAILED_READ } from '../components/LoadError';
import { RouteTabs } from '../components/RouteTabs';
import { PageLayout } from '../components/PageLayout';
import { PendingSuspense } from '../components/PendingIndicator';
import { lazyWithReload } from '../shared/lazyWithReload';
import { DETAIL_TABS, detailPath, tabOfPath } from '../shared/consentSolutionPaths';
import type { ConsentSolution } from './consentSolutionModel';
import { PublishBar } from './PublishBar';

/** The tabs other than the forms (installation, pop-up, copy, cookies, TCF): `<Route>`s ConsentSolutionPage composes in. */
export type SolutionTabRoutes = (solution: ConsentSolution) => ReactNode;

// The domains and settings tabs bring zod, the Public Suffix List (tldts) and MUI's Autocomplete:
// about 220 kB gzip that the other tabs never use (docs/performance.md). They load, as one chunk, when opened.
const DomainListTab = lazyWithReload(async () => ({ default: (await import('./formTabs')).DomainListTab }));
const DomainCreateTab = lazyWithReload(async () => ({ default: (await import('./formTabs')).DomainCreateTab }));
const DomainEditTab = lazyWithReload(async () => ({ default: (await import('./formTabs')).DomainEditTab }));
const ConsentSolutionSettings = lazyWithReload(async () => ({ default: (await import('./formTabs')).ConsentSolutionSettings }));

const tabLabel = (tab: string) => `cs.tabs.${tab.replace(/-/g, '_')}`;

/** ROUTE-12: one tab per URL; the tabs are links, so they also open in a new browser tab. */
const DetailTabs = ({ solution }: { solution: ConsentSolution }) => {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const tabs = DETAIL_TABS.map((tab) => ({ value: tab, label: translate(tabLabel(tab)), to: detailPath(solution.id, tab) }));
  return <RouteTabs tabs={tabs} current={tabOfPath(pathname, solution.id) ?? false} label={translate('cs.tabs.label')} sx={{ mb: 2 }} />;
};

/**
 * The current tab's content. It commits after the header and tab bar, in a task of its own
 * (docs/performance.md): one commit of the whole detail was one of the page's longest tasks.
 */
const TabContent = ({ solution, tabs }: { solution: ConsentSolution; tabs?: SolutionTabRoutes }) => {
  const shown = useRenderedLater();
  if (!shown) return null;
  return (
    // One boundary for the lazy form tabs: one route shows at a time.
    <PendingSuspense>
      <Routes>
        <Route index element={<Navigate to={detailPath(solution.id)} replace />} />
        <Route path="domains" element={<DomainListTab consentSolutionId={solution.id} />} />
        <Route path="domains/create" element={<DomainCreateTab solution={solution} />} />
        <Route path="domains/:domainId" element={<DomainEditTab consentSolutionId={solution.id} />} />
        <Route path="settings" element={<ConsentSolutionSettings />} />
        {tabs?.(solution)}
        <Route path="*" element={<NotFound />} />
      </Routes>
    </PendingSuspense>
  );
};

const DetailView = ({ tabs }: { tabs?: SolutionTabRoutes }) => {
  const translate = useTranslate();
  const { isPending, error, refetch } = useShowContext<ConsentSolution>();
  const solution = useRecordContext<ConsentSolution>();
  if (isPending || error || !solution) {
    return (
      <PageLayout width="table">
        <RecordLoadState isPending={isPending} error={error} refetch={refetch}>
          {null}
        </RecordLoadState>
      </PageLayout>
    );
  }
  return (
    <PageLayout
      width="table"
      header={
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', justifyContent: 'space-between', gap: 2 }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="overline" component="p" color="text.secondary">
              {translate('resources.consent-solutions.name', { smart_count: 1 })}
            </Typography>
            <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
              {solution.name}
            </Typography>
          </Box>
          <PublishBar solutionId={solution.id} />
        </Box>
      }
    >
      <Title title={solution.name} />
      <DetailTabs solution={solution} />
      <TabContent solution={solution} tabs={tabs} />
    </PageLayout>
  );
};

/**
 * `/consent-solutions/:id/*` (the resource's edit route): the detail with its tabs. The record
 * is read once here and shared with every tab through the record context. Its own tabs
 * (domains, settings) are here; ConsentSolutionPage routes the others through `tabs`, so the
 * form tabs' tests render the detail without them.
 */
export const ConsentSolutionDetail = ({ tabs }: { tabs?: SolutionTabRoutes }) => (
  <ShowBase resource="consent-solutions" queryOptions={STAY_ON_FAILED_READ}>
    <DeferredShowContext>
      <DetailView tabs={tabs} />
    </DeferredShowContext>
  </ShowBase>
);
