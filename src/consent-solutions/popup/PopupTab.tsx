import { Suspense, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useDataProvider, useRecordContext, useTranslate, type Identifier } from 'react-admin';
import { formatDateTime } from '../../i18n/formatters';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { EmptyState } from '../../components/EmptyState';
import { NotFound } from '../../components/NotFound';
import { PendingIndicator } from '../../components/PendingIndicator';
import { RouteTabs } from '../../components/RouteTabs';
import { useRenderedLater } from '../../hooks/useRenderedLater';
import type { AppDataProvider } from '../../providers/dataProvider';
import { notify } from '../../notifications/notify';
import { queryKeys } from '../../providers/queryKeys';
import { RESOURCE } from './popupTemplateModel';
import { useTemplates } from './useTemplates';
import type { PopupTemplate } from '../../schemas/popupTemplate';
import { lazyWithReload } from '../../shared/lazyWithReload';
import { editTemplatePath, galleryPath, myTemplatesPath } from './popupPaths';
import { TemplateCard } from './TemplateCard';
import { usePopupState } from './usePopupState';
import { usePreviewContent } from './usePreviewContent';

// CodeMirror and the diff view are heavy: the editor is its own chunk, loaded when opened.
const TemplateEditor = lazyWithReload(async () => ({ default: (await import('./TemplateEditor')).TemplateEditor }));

interface PopupSolution {
  id: Identifier;
  name: string;
  defaultLanguage: string;
}

const GRID = { display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(300px, 1fr))' } as const;

const PopupNav = ({ solutionId }: { solutionId: Identifier }) => {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const tabs = [
    { value: 'my_templates', label: translate('popup.nav.my_templates'), to: myTemplatesPath(solutionId) },
    { value: 'gallery', label: translate('popup.nav.gallery'), to: galleryPath(solutionId) },
  ];
  return (
    <RouteTabs tabs={tabs} current={pathname.includes('/template-gallery') ? 'gallery' : 'my_templates'} label={translate('popup.nav.label')} sx={{ mb: 2 }} />
  );
};

const Section = ({ solution, intro, children }: { solution: PopupSolution; intro: string; children: ReactNode }) => {
  const translate = useTranslate();
  // The cards commit after the heading and tab bar, in a task of their own (as the
  // detail's TabContent).
  const cardsShown = useRenderedLater();
  return (
    <Box component="section" aria-labelledby="popup-heading">
      <Typography id="popup-heading" variant="h5" component="h2" gutterBottom>
        {translate('popup.title')}
      </Typography>
      <PopupNav solutionId={solution.id} />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate(intro)}
      </Typography>
      {cardsShown && children}
    </Box>
  );
};

const ActiveSummary = ({ solution, gallery }: { solution: PopupSolution; gallery: PopupTemplate[] }) => {
  const translate = useTranslate();
  const state = usePopupState(solution.id);
  const mine = useTemplates('account');
  if (!state.data) return null;
  const active = [...gallery, ...(mine.data ?? [])].find((t) => t.id === state.data.activeTemplateId);
  const published = state.data.published;
  return (
    <Alert severity="info" sx={{ mb: 2 }} role="status">
      {translate(state.data.mode === 'custom' ? 'popup.active.custom' : 'popup.active.default', { name: active?.name ?? '' })}{' '}
      {published
        ? translate('popup.active.published', { version: published.version, date: formatDateTime(published.publishedAt) })
        : translate('popup.active.not_published')}
    </Alert>
  );
};

/** ROUTE-13 `popup/my-templates/`: the account's templates, the active one marked. */
const MyTemplates = ({ solution }: { solution: PopupSolution }) => {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const mine = useTemplates('account');
  const gallery = useTemplates('gallery');
  const state = usePopupState(solution.id);
  const content = usePreviewContent(solution.id, solution.defaultLanguage);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.popupTemplates.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.popup.state(solution.id) }),
    ]);
  const activate = useMutation({
    mutationFn: (template: PopupTemplate) => dataProvider.choosePopupTemplate(solution.id, 'custom', template.id),
    onSuccess: async (_state, template) => {
      notify('popup.notifications.activated', { type: 'success', messageArgs: { name: template.name } });
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (template: PopupTemplate) => dataProvider.delete<PopupTemplate>(RESOURCE, { id: template.id, previousData: template }),
    onSuccess: async () => {
      notify('popup.notifications.deleted', { type: 'success' });
      await refresh();
    },
  });
  const defaultTemplate = gallery.data?.find((t) => t.isDefault);
  const startButtons = (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
      {defaultTemplate ? (
        <Button variant="contained" component={Link} to={editTemplatePath(solution.id, defaultTemplate.id, 'use-from-gallery')}>
          {translate('popup.my_templates.start_from_default')}
        </Button>
      ) : null}
      <Button variant="outlined" component={Link} to={galleryPath(solution.id)}>
        {translate('popup.my_templates.browse_gallery')}
      </Button>
    </Stack>
  );
  if (mine.isPending) return <PendingIndicator />;
  return (
    <Section solution={solution} intro="popup.my_templates.intro">
      <ActiveSummary solution={solution} gallery={gallery.data ?? []} />
      {(mine.data ?? []).length === 0 ? (
        <EmptyState heading="popup.my_templates.empty_title" description="popup.my_templates.empty_description" action={startButtons} />
      ) : (
        <>
          <Box sx={{ mb: 2 }}>{startButtons}</Box>
          <Box sx={GRID}>
            {(mine.data ?? []).map((template) => {
              const active = state.data?.mode === 'custom' && state.data.templateId === template.id;
              return (
                <TemplateCard
                  key={template.id}
                  template={template}
                  content={content.data?.content}
                  active={active}
                  actions={
                    <>
                      <Button size="small" component={Link} to={editTemplatePath(solution.id, template.id, 'edit')}>
                        {translate('popup.card.edit')}
                      </Button>
                      <Button size="small" component={Link} to={editTemplatePath(solution.id, template.id, 'duplicate')}>
                        {translate('popup.card.duplicate')}
                      </Button>
                      {active ? null : (
                        <Button size="small" onClick={() => activate.mutate(template)} disabled={activate.isPending}>
                          {translate('popup.card.activate')}
                        </Button>
                      )}
                      {active ? null : (
                        <Button size="small" color="error" onClick={() => remove.mutate(template)} disabled={remove.isPending}>
                          {translate('popup.card.delete')}
                        </Button>
                      )}
                    </>
                  }
                />
              );
            })}
          </Box>
        </>
      )}
    </Section>
  );
};

/** ROUTE-13 `popup/template-gallery/`. */
const Gallery = ({ solution }: { solution: PopupSolution }) => {
  const translate = useTranslate();
  const gallery = useTemplates('gallery');
  const content = usePreviewContent(solution.id, solution.defaultLanguage);
  if (gallery.isPending) return <PendingIndicator />;
  return (
    <Section solution={solution} intro="popup.gallery.intro">
      <Box sx={GRID}>
        {(gallery.data ?? []).map((template) => (
          <TemplateCard
            key={template.id}
            template={template}
            content={content.data?.content}
            badge={template.isDefault ? translate('popup.gallery.default_badge') : undefined}
            actions={
              <Button
                size="small"
                variant="contained"
                component={Link}
                to={editTemplatePath(solution.id, template.id, 'use-from-gallery')}
                aria-label={`${translate('popup.card.use')}: ${template.name}`}
              >
                {translate('popup.card.use')}
              </Button>
            }
          />
        ))}
      </Box>
    </Section>
  );
};

/** The pop-up appearance tab (ROUTE-13, ROUTE-19) under `/consent-solutions/{csId}/popup/*`. */
export const PopupTab = () => {
  const solution = useRecordContext<PopupSolution>();
  if (!solution) return null;
  return (
    <Routes>
      <Route index element={<Navigate to={myTemplatesPath(solution.id)} replace />} />
      <Route path="my-templates" element={<MyTemplates solution={solution} />} />
      <Route path="template-gallery" element={<Gallery solution={solution} />} />
      <Route
        path="edit-template/:templateId/:templateAction"
        element={
          <Suspense fallback={<PendingIndicator />}>
            <TemplateEditor solution={solution} />
          </Suspense>
        }
      />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
};
