import { useCallback, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import UploadIcon from '@mui/icons-material/Upload';
import type { ErrorSchema } from '@rjsf/utils';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { HttpError, Loading, useDataProvider, useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { AppDataProvider } from '../../providers/dataProvider';
import { notify } from '../../notifications/notify';
import { queryKeys } from '../../providers/queryKeys';
import { isTranslationGroup, TRANSLATION_GROUPS, type CompletenessCell, type TranslationGroup } from '../../schemas/translations';
import { download as saveFile } from '../../shared/download';
import { isLanguageCode, languageName, solutionLanguages } from '../../shared/languages';
import type { Violation } from '../../shared/violations';
import { CompletenessMatrix } from './CompletenessMatrix';
import { TranslationGroupForm } from './TranslationGroupForm';
import { TranslationImportDialog } from './TranslationImportDialog';
import { DefaultTextsPanel } from './DefaultTextsPanel';
import { textOriginOf, violationsToErrorSchema } from './translationsModel';
import { useUnsavedChangesGuard } from './useUnsavedChangesGuard';

interface SolutionLanguages {
  id: number | string;
  defaultLanguage: string;
  additionalLanguages: string[];
}

interface Selection {
  language: string;
  group: TranslationGroup;
  focus: string | null;
}

/** A pending move away from unsaved texts: another selection, or another page. */
type Pending = { kind: 'select'; selection: Selection } | { kind: 'leave'; to: string };

/**
 * ROUTE-17 `copy-and-translations/`: the completeness matrix, a language selector limited to
 * the solution's languages, and the four text groups as forms. The selection lives in the URL
 * (`?language=fr&group=popup&focus=bannerHeading`), so a matrix cell is a link-able place.
 */
export const TranslationsTab = () => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [locale = 'en'] = useLocaleState();
  const solution = useRecordContext<SolutionLanguages>();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [dirty, setDirty] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const [serverErrors, setServerErrors] = useState<ErrorSchema | undefined>(undefined);
  const [saving, setSaving] = useState(false);
  const [importOpen, setImportOpen] = useState(false);

  const languages = useMemo(() => (solution ? solutionLanguages(solution) : []), [solution]);
  const solutionId = solution?.id ?? '';
  const requested = params.get('language') ?? '';
  const language = languages.includes(requested) ? requested : (languages[0] ?? '');
  const groupParam = params.get('group');
  const group: TranslationGroup = isTranslationGroup(groupParam) ? groupParam : 'popup';
  const focus = params.get('focus');

  const languageLabel = useCallback((code: string) => (isLanguageCode(code) ? languageName(code, locale) : code), [locale]);

  const texts = useQuery({
    queryKey: queryKeys.translations.language(solutionId, language),
    queryFn: () => dataProvider.getTranslations(solutionId, language),
    enabled: solution !== undefined && language !== '',
  });
  const completeness = useQuery({
    queryKey: queryKeys.translations.completeness(solutionId),
    queryFn: () => dataProvider.getTranslationCompleteness(solutionId),
    enabled: solution !== undefined,
  });

  const apply = useCallback(
    (selection: Selection) => {
      setServerErrors(undefined);
      setDirty(false);
      const next = new URLSearchParams({ language: selection.language, group: selection.group });
      if (selection.focus) next.set('focus', selection.focus);
      setParams(next, { replace: false });
    },
    [setParams],
  );
  const select = (selection: Selection) => {
    if (selection.language === language && selection.group === group && selection.focus === focus) return;
    if (dirty) setPending({ kind: 'select', selection });
    else apply(selection);
  };
  const onLeave = useCallback((to: string) => setPending({ kind: 'leave', to }), []);
  const tabPath = typeof window === 'undefined' ? '' : window.location.pathname.replace(/copy-and-translations\/?.*$/, 'copy-and-translations');
  useUnsavedChangesGuard(dirty, tabPath, onLeave);

  const confirmPending = () => {
    const move = pending;
    setPending(null);
    setDirty(false);
    if (!move) return;
    if (move.kind === 'select') apply(move.selection);
    else void navigate(move.to);
  };

  const openCell = (cell: CompletenessCell) => {
    if (isTranslationGroup(cell.group)) select({ language: cell.language, group: cell.group, focus: cell.firstMissing });
    else if (cell.firstMissing !== null) void navigate(`../cookie-management/${encodeURIComponent(cell.firstMissing)}/`, { relative: 'path' });
    else void navigate('../cookie-management/', { relative: 'path' });
  };

  const origin = useMemo(() => textOriginOf(texts.data, group), [texts.data, group]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.translations.ofSolution(solutionId) });

  const save = async (values: Record<string, unknown>) => {
    setSaving(true);
    setServerErrors(undefined);
    try {
      await dataProvider.saveTranslationGroup(solutionId, language, group, values);
      notify('translations.notifications.saved', { type: 'success' });
      setDirty(false);
      await refresh();
    } catch (error) {
      // The dataProvider already showed the notices (ERR-1); the fields get the API's violations.
      const violations = error instanceof HttpError ? ((error.body as { violations?: Violation[] } | undefined)?.violations ?? []) : [];
      setServerErrors(violationsToErrorSchema(violations, translate));
    } finally {
      setSaving(false);
    }
  };

  /** I18N-2: one text back to its default (confirmed in the panel); the form shows it once reloaded. */
  const resetToDefault = async (field: string) => {
    setSaving(true);
    try {
      await dataProvider.resetTranslationTexts(solutionId, language, [`${group}.${field}`]);
      notify('translations.defaults.done', { type: 'success' });
      setDirty(false);
      await refresh();
    } catch {
      // The dataProvider showed the notice.
    } finally {
      setSaving(false);
    }
  };

  const download = async (format: 'json' | 'csv') => {
    try {
      const file = await dataProvider.exportTranslations(solutionId, format);
      saveFile(file.text, file.filename, file.type);
    } catch {
      // The dataProvider showed the export notice.
    }
  };

  if (!solution) return null;
  const initial = (texts.data?.texts[group] ?? {}) as Record<string, unknown>;

  return (
    <Box component="section" aria-labelledby="translations-heading">
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Typography id="translations-heading" variant="h5" component="h2">
          {translate('translations.title')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button startIcon={<DownloadIcon />} onClick={() => void download('json')}>
            {translate('translations.actions.export_json')}
          </Button>
          <Button startIcon={<DownloadIcon />} onClick={() => void download('csv')}>
            {translate('translations.actions.export_csv')}
          </Button>
          <Button startIcon={<UploadIcon />} variant="outlined" onClick={() => setImportOpen(true)}>
            {translate('translations.actions.import')}
          </Button>
        </Box>
      </Box>

      {completeness.data && <CompletenessMatrix completeness={completeness.data} languageLabel={languageLabel} onOpen={openCell} />}

      <TextField
        select
        label={translate('translations.language')}
        value={language}
        onChange={(event) => select({ language: event.target.value, group, focus: null })}
        sx={{ minWidth: 240, mb: 2 }}
        slotProps={{ select: { inputProps: { 'data-testid': 'translation-language' } } }}
      >
        {languages.map((code) => (
          <MenuItem key={code} value={code}>
            {languageLabel(code)}
          </MenuItem>
        ))}
      </TextField>

      <Tabs
        value={group}
        onChange={(_event, value: TranslationGroup) => select({ language, group: value, focus: null })}
        variant="scrollable"
        aria-label={translate('translations.groups_label')}
        sx={{ mb: 2 }}
      >
        {TRANSLATION_GROUPS.map((g) => (
          <Tab key={g} value={g} label={translate(`translations.groups.${g}`)} />
        ))}
      </Tabs>

      {texts.isPending ? (
        <Loading />
      ) : texts.isError ? null : (
        <TranslationGroupForm
          key={`${language}-${group}-${texts.data.updatedAt ?? ''}`}
          group={group}
          initial={initial}
          origin={origin}
          focus={focus}
          saving={saving}
          serverErrors={serverErrors}
          onDirtyChange={setDirty}
          onSave={(values) => void save(values)}
        />
      )}
      {texts.data && <DefaultTextsPanel group={group} data={texts.data} busy={saving} onReset={(field) => void resetToDefault(field)} />}

      <Dialog open={pending !== null} onClose={() => setPending(null)} aria-labelledby="unsaved-title">
        <DialogTitle id="unsaved-title">{translate('translations.unsaved.title')}</DialogTitle>
        <DialogContent>{translate('translations.unsaved.body')}</DialogContent>
        <DialogActions>
          <Button onClick={() => setPending(null)}>{translate('translations.unsaved.stay')}</Button>
          <Button color="warning" variant="contained" onClick={confirmPending}>
            {translate('translations.unsaved.leave')}
          </Button>
        </DialogActions>
      </Dialog>

      <TranslationImportDialog solutionId={solutionId} open={importOpen} onClose={() => setImportOpen(false)} onImported={() => void refresh()} />
    </Box>
  );
};
