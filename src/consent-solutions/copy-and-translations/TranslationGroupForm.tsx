import { useEffect, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Form from '@rjsf/mui';
import type { ErrorSchema, RJSFSchema } from '@rjsf/utils';
import { useTranslate } from 'react-admin';
import { groupJsonSchema, type TranslationGroup } from '../../schemas/translations';
import { fieldId, groupUiSchema, groupValidator, sameTexts, type TextOrigin } from './translationsModel';

interface TranslationGroupFormProps {
  group: TranslationGroup;
  initial: Record<string, unknown>;
  /** I18N-2: whose each stored text is, told in its help. */
  origin: TextOrigin;
  /** A field path to focus once shown (the first gap, from the completeness matrix). */
  focus: string | null;
  saving: boolean;
  serverErrors: ErrorSchema | undefined;
  onDirtyChange: (dirty: boolean) => void;
  onSave: (texts: Record<string, unknown>) => void;
}

/**
 * One text group as an rjsf form. Its JSON Schema is generated from the group's zod schema
 * (the one the API validates with, VAL-4), and so are its errors (`groupValidator`).
 */
export const TranslationGroupForm = ({ group, initial, origin, focus, saving, serverErrors, onDirtyChange, onSave }: TranslationGroupFormProps) => {
  const translate = useTranslate();
  const schema = useMemo(() => groupJsonSchema(group) as RJSFSchema, [group]);
  const uiSchema = useMemo(() => groupUiSchema(group, translate, origin), [group, translate, origin]);
  const validator = useMemo(() => groupValidator(group, translate), [group, translate]);
  const [formData, setFormData] = useState<Record<string, unknown>>(initial);

  useEffect(() => {
    onDirtyChange(!sameTexts(formData, initial));
  }, [formData, initial, onDirtyChange]);

  useEffect(() => {
    if (focus === null) return;
    const element = document.getElementById(fieldId(focus));
    element?.focus();
    element?.scrollIntoView({ block: 'center' });
  }, [focus, group]);

  return (
    <Form
      schema={schema}
      uiSchema={uiSchema}
      validator={validator}
      formData={formData}
      onChange={(event) => setFormData((event.formData ?? {}) as Record<string, unknown>)}
      onSubmit={(event) => onSave((event.formData ?? {}) as Record<string, unknown>)}
      extraErrors={serverErrors}
      liveValidate="onChange"
      showErrorList={false}
      focusOnFirstError
      noHtml5Validate
      disabled={saving}
    >
      <Box sx={{ display: 'flex', gap: 1, mt: 2 }}>
        <Button type="submit" variant="contained" disabled={saving} startIcon={saving ? <CircularProgress size={16} /> : undefined}>
          {translate('translations.actions.save')}
        </Button>
        <Button type="button" disabled={saving || sameTexts(formData, initial)} onClick={() => setFormData(initial)}>
          {translate('translations.actions.reset')}
        </Button>
      </Box>
    </Form>
  );
};
