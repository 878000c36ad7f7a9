import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useDataProvider, useLocaleState, useTranslate, type Identifier } from 'react-admin';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { NotFound } from '../../components/NotFound';
import { PendingIndicator } from '../../components/PendingIndicator';
import type { AppDataProvider } from '../../providers/dataProvider';
import { notify } from '../../notifications/notify';
import { queryKeys } from '../../providers/queryKeys';
import { bodyOf, errorsOf, RESOURCE } from './popupTemplateModel';
import { TemplateInputs } from './TemplateInputs';
import { useTemplate } from './useTemplates';
import { VersionsPanel } from './VersionsPanel';
import type { PopupTemplate, TemplateBody } from '../../schemas/popupTemplate';
import { isLanguageCode, languageName } from '../../shared/languages';
import { TEMPLATE_CODE_FIELDS, type TemplateCodeField, type TemplateMode } from '../../schemas/template';
import { editTemplatePath, isTemplateAction, myTemplatesPath, type TemplateAction } from './popupPaths';
import { DEVICE_WIDTHS, previewDocument, type Device, type PreviewEvent } from './previewDocument';
import { PublishPanel } from './PublishPanel';
import { TemplatePreviewFrame } from './TemplatePreviewFrame';
import { usePopupState } from './usePopupState';
import { usePreviewContent } from './usePreviewContent';

interface EditorSolution {
  id: Identifier;
  defaultLanguage: string;
}

const PREVIEW_DEBOUNCE_MS = 300;
const PREVIEW_HEIGHT = 640;

const useDebounced = <T,>(value: T, delay: number): T => {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
};

/** Keeps the preview frame at its device width, drawn smaller when the column is narrower. */
const useFitScale = (width: number) => {
  const ref = useRef<HTMLDivElement>(null);
  const [available, setAvailable] = useState(width);
  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const observer = new ResizeObserver(([entry]) => setAvailable(entry?.contentRect.width ?? width));
    observer.observe(element);
    return () => observer.disconnect();
  }, [width]);
  return { ref, scale: Math.min(1, available / width) };
};

const Preview = ({ solutionId, body }: { solutionId: Identifier; body: TemplateBody }) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [language, setLanguage] = useState<string | undefined>(undefined);
  const [device, setDevice] = useState<Device>('desktop');
  const [event, setEvent] = useState<PreviewEvent | null>(null);
  // The failure of the document it came from: a new document (an edit) clears it.
  const [failure, setFailure] = useState<{ srcDoc: string; event: PreviewEvent } | null>(null);
  const content = usePreviewContent(solutionId, language);
  const debounced = useDebounced(body, PREVIEW_DEBOUNCE_MS);
  const width = DEVICE_WIDTHS[device];
  const { ref, scale } = useFitScale(width);
  const srcDoc = useMemo(
    () => (content.data ? previewDocument(debounced, content.data.content, { replay: translate('popup.preview.replay') }) : ''),
    [content.data, debounced, translate],
  );
  const onEvent = useCallback(
    (next: PreviewEvent) => {
      setEvent(next);
      if (next.type === 'error') setFailure({ srcDoc, event: next });
    },
    [srcDoc],
  );
  const shownFailure = failure?.srcDoc === srcDoc ? failure.event : null;
  const languages = content.data?.languages ?? [];
  return (
    <Box component="section" aria-labelledby="preview-heading">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }} useFlexGap>
        <Typography id="preview-heading" variant="h6" component="h3">
          {translate('popup.preview.title')}
        </Typography>
        <TextField
          select
          size="small"
          label={translate('popup.preview.language')}
          value={content.data?.content.language ?? ''}
          onChange={(change) => setLanguage(change.target.value)}
          sx={{ minWidth: 120 }}
        >
          {languages.map((code) => (
            <MenuItem key={code} value={code}>
              {isLanguageCode(code) ? languageName(code, locale) : code}
            </MenuItem>
          ))}
        </TextField>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={device}
          onChange={(_change, next: Device | null) => next && setDevice(next)}
          aria-label={translate('popup.preview.device')}
        >
          {(Object.keys(DEVICE_WIDTHS) as Device[]).map((name) => (
            <ToggleButton key={name} value={name}>
              {translate(`popup.preview.devices.${name}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Stack>
      <Box ref={ref} sx={{ width: '100%' }}>
        {content.data ? (
          <Box sx={{ width: width * scale, height: PREVIEW_HEIGHT * scale, overflow: 'hidden', mx: 'auto' }}>
            <Box sx={{ transform: `scale(${scale})`, transformOrigin: '0 0', width }}>
              <TemplatePreviewFrame srcDoc={srcDoc} title={translate('popup.preview.frame_title')} width={width} height={PREVIEW_HEIGHT} onEvent={onEvent} />
            </Box>
          </Box>
        ) : (
          <Typography variant="body2">{translate('popup.preview.loading')}</Typography>
        )}
      </Box>
      <Typography variant="body2" color="text.secondary" role="status" aria-live="polite" sx={{ mt: 1 }}>
        {event ? translate('popup.preview.last_event', { event: translate(`popup.preview.events.${event.type}`, { _: event.type }) }) : null}
      </Typography>
      {shownFailure ? (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {translate('popup.preview.error', {
            function: shownFailure.field ? translate(`popup.editor.fields.${shownFailure.field}`) : '',
            message: shownFailure.message ?? '',
          })}
        </Alert>
      ) : null}
    </Box>
  );
};

const titleKey: Record<TemplateAction, string> = {
  edit: 'popup.editor.title_edit',
  duplicate: 'popup.editor.title_duplicate',
  'use-from-gallery': 'popup.editor.title_gallery',
};

const EditorForm = ({ solution, source, action, formKey }: { solution: EditorSolution; source: PopupTemplate; action: TemplateAction; formKey: string }) => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const editing = action === 'edit';
  const readOnly = editing && source.scope === 'gallery';
  const [body, setBody] = useState<TemplateBody>(() => ({
    ...bodyOf(source),
    name: editing ? source.name : translate('popup.editor.copy_of', { name: source.name }),
  }));
  const [saved, setSaved] = useState<TemplateBody | null>(editing ? bodyOf(source) : null);
  const [tab, setTab] = useState<TemplateCodeField>('html');
  const [submitted, setSubmitted] = useState(false);
  // ROUTE-19: a copy from the gallery (or the default) becomes the pop-up's template on its first
  // save only if the person leaves this ticked; the box says so before anything is saved.
  const offersUseOnSave = action === 'use-from-gallery' && !editing;
  const [useOnSave, setUseOnSave] = useState(offersUseOnSave);
  const errors = submitted ? errorsOf(body) : {};
  const state = usePopupState(solution.id);
  const savedId = editing ? source.id : null;

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.popupTemplates.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.popup.state(solution.id) }),
      savedId === null ? undefined : queryClient.invalidateQueries({ queryKey: queryKeys.popup.versions(savedId) }),
    ]);

  const save = useMutation({
    mutationFn: async (input: TemplateBody) => {
      if (savedId !== null) return (await dataProvider.update<PopupTemplate>(RESOURCE, { id: savedId, data: input, previousData: source })).data;
      const { data: created } = await dataProvider.create<PopupTemplate>(RESOURCE, {
        data: { ...input, sourceTemplateId: source.scope === 'gallery' ? source.id : source.sourceTemplateId },
      });
      // "Use this template": the new copy becomes the pop-up's template, when the person chose so.
      if (useOnSave) await dataProvider.choosePopupTemplate(solution.id, 'custom', created.id);
      return created;
    },
    onSuccess: async (template) => {
      const activated = savedId === null && useOnSave;
      notify(activated ? 'popup.editor.saved_and_used' : 'popup.editor.saved', { type: 'success', messageArgs: { version: template.version } });
      setSaved(bodyOf(template));
      await refresh();
      if (savedId === null) {
        // The copy now exists: its edit URL, with this same form kept (code tab, preview
        // language and device stay as they are) and the saved template already in the cache.
        queryClient.setQueryData([RESOURCE, 'getOne', { id: String(template.id), meta: undefined }], template);
        navigate(editTemplatePath(solution.id, template.id, 'edit'), { replace: true, state: { editorKey: formKey } });
      }
    },
  });
  const choose = useMutation({
    mutationFn: (mode: TemplateMode) => dataProvider.choosePopupTemplate(solution.id, mode, mode === 'custom' ? savedId : null),
    onSuccess: async (_state, mode) => {
      notify(mode === 'custom' ? 'popup.notifications.activated' : 'popup.notifications.default_chosen', { type: 'success', messageArgs: { name: body.name } });
      await refresh();
    },
  });

  const onSave = () => {
    setSubmitted(true);
    if (Object.keys(errorsOf(body)).length > 0) {
      const firstCode = TEMPLATE_CODE_FIELDS.find((field) => errorsOf(body)[field]);
      if (firstCode) setTab(firstCode);
      return;
    }
    save.mutate(body);
  };

  const dirty = saved === null || TEMPLATE_CODE_FIELDS.some((field) => saved[field] !== body[field]) || saved.name !== body.name;
  const mode: TemplateMode = state.data?.mode === 'custom' && state.data.templateId === savedId && savedId !== null ? 'custom' : 'default';
  const canChooseCustom = savedId !== null && source.scope === 'account';

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        <Typography variant="h5" component="h2">
          {translate(titleKey[action])}
        </Typography>
        {dirty && !readOnly ? (
          <Typography variant="body2" color="warning.main">
            {translate('popup.editor.unsaved')}
          </Typography>
        ) : null}
        <Box sx={{ flex: 1 }} />
        <Button component={Link} to={myTemplatesPath(solution.id)}>
          {translate('popup.editor.back')}
        </Button>
      </Stack>
      {state.data ? (
        <FormControl>
          <FormLabel id="template-choice">{translate('popup.editor.choice_label')}</FormLabel>
          <RadioGroup row aria-labelledby="template-choice" value={mode} onChange={(change) => choose.mutate(change.target.value as TemplateMode)}>
            <FormControlLabel value="default" control={<Radio />} label={translate('popup.editor.choice_default')} disabled={choose.isPending} />
            <FormControlLabel
              value="custom"
              control={<Radio />}
              label={translate('popup.editor.choice_custom')}
              disabled={!canChooseCustom || choose.isPending}
            />
          </RadioGroup>
          {canChooseCustom ? null : <FormHelperText>{translate('popup.editor.choice_needs_save')}</FormHelperText>}
        </FormControl>
      ) : null}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) minmax(0, 1fr)' } }}>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <TemplateInputs body={body} onChange={setBody} errors={errors} tab={tab} onTab={setTab} readOnly={readOnly} />
          {offersUseOnSave && savedId === null ? (
            <FormControlLabel
              sx={{ mt: 1, display: 'flex' }}
              control={<Checkbox checked={useOnSave} onChange={(change) => setUseOnSave(change.target.checked)} />}
              label={translate('popup.editor.use_on_save')}
            />
          ) : null}
          {readOnly ? null : (
            <Button variant="contained" onClick={onSave} disabled={save.isPending} sx={{ mt: 2 }}>
              {translate('popup.editor.save')}
            </Button>
          )}
        </Paper>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Preview solutionId={solution.id} body={body} />
        </Paper>
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
        <Paper variant="outlined" sx={{ p: 2 }}>
          {savedId === null ? (
            <Typography variant="body2">{translate('popup.versions.empty')}</Typography>
          ) : (
            <VersionsPanel
              templateId={savedId}
              readOnly={readOnly}
              onRestored={(template) => {
                setBody(bodyOf(template));
                setSaved(bodyOf(template));
              }}
            />
          )}
        </Paper>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <PublishPanel solutionId={solution.id} disabled={false} />
        </Paper>
      </Box>
    </Stack>
  );
};

/** ROUTE-13/ROUTE-19 `popup/edit-template/{templateId}/{templateAction}/`. */
export const TemplateEditor = ({ solution }: { solution: EditorSolution }) => {
  const { templateId, templateAction } = useParams();
  const valid = isTemplateAction(templateAction) && templateId !== undefined && /^\d+$/.test(templateId);
  const template = useTemplate(valid ? Number(templateId) : undefined);
  const continuedFrom = (useLocation().state as { editorKey?: unknown } | null)?.editorKey;
  if (!valid) return <NotFound />;
  if (template.isPending) return <PendingIndicator />;
  if (!template.data) return <NotFound />;
  // A new form per template and action, except right after a copy's first save, which keeps
  // the form the user is working in (see onSuccess).
  const formKey = typeof continuedFrom === 'string' ? continuedFrom : `${template.data.id}-${templateAction}`;
  return <EditorForm key={formKey} formKey={formKey} solution={solution} source={template.data} action={templateAction} />;
};
