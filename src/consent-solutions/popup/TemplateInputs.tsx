import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import { useTranslate } from 'react-admin';
import type { TemplateBody } from '../../schemas/popupTemplate';
import { TEMPLATE_CODE_FIELDS, type TemplateCodeField } from '../../schemas/template';
import { CodeField } from './CodeField';

interface TemplateInputsProps {
  body: TemplateBody;
  onChange: (next: (current: TemplateBody) => TemplateBody) => void;
  /** Message keys by field (the shared schema's, VAL-1). */
  errors: Partial<Record<keyof TemplateBody, string>>;
  tab: TemplateCodeField;
  onTab: (tab: TemplateCodeField) => void;
  readOnly: boolean;
}

/** A template's name and its five code fields, one tab each (ROUTE-19). */
export const TemplateInputs = ({ body, onChange, errors, tab, onTab, readOnly }: TemplateInputsProps) => {
  const translate = useTranslate();
  const helpId = `template-help-${tab}`;
  return (
    <>
      <TextField
        label={translate('popup.editor.name')}
        value={body.name}
        onChange={(change) => onChange((current) => ({ ...current, name: change.target.value }))}
        required
        fullWidth
        error={Boolean(errors.name)}
        helperText={errors.name ? translate(errors.name) : undefined}
        slotProps={{ input: { readOnly } }}
        sx={{ mb: 2 }}
      />
      <Tabs value={tab} onChange={(_change, next: TemplateCodeField) => onTab(next)} variant="scrollable" aria-label={translate('popup.editor.fields_label')}>
        {TEMPLATE_CODE_FIELDS.map((field) => (
          <Tab
            key={field}
            value={field}
            id={`template-tab-${field}`}
            aria-controls={`template-panel-${field}`}
            label={translate(`popup.editor.fields.${field}`)}
            // Five tabs at their natural width fit the editor column from 1,200 px up; MUI's
            // 90 px minimum and 16 px padding pushed the last behind a scroll arrow (ROUTE-19).
            sx={{ minWidth: 0, px: 1.5, ...(errors[field] ? { color: 'error.main' } : {}) }}
          />
        ))}
      </Tabs>
      {TEMPLATE_CODE_FIELDS.map((field) =>
        field === tab ? (
          <Box key={field} role="tabpanel" id={`template-panel-${field}`} aria-labelledby={`template-tab-${field}`} sx={{ mt: 1 }}>
            <CodeField
              field={field}
              label={translate(`popup.editor.fields.${field}`)}
              value={body[field]}
              invalid={Boolean(errors[field])}
              describedBy={helpId}
              onChange={(value) => onChange((current) => ({ ...current, [field]: value }))}
            />
            {errors[field] ? (
              <FormHelperText error role="alert">
                {translate(errors[field])}
              </FormHelperText>
            ) : null}
            <FormHelperText id={helpId}>
              {field === 'html'
                ? translate('popup.editor.help.html', { examples: '{{popup.bannerHeading}}, {{cookieList}}, {{categoryToggles}}' })
                : translate('popup.editor.help.functions')}
            </FormHelperText>
          </Box>
        ) : null,
      )}
      {/* Fields with errors that are not on screen are still named, so nothing fails silently. */}
      {TEMPLATE_CODE_FIELDS.filter((field) => field !== tab && errors[field]).map((field) => (
        <FormHelperText key={field} error>
          {translate(`popup.editor.fields.${field}`)}: {translate(errors[field] ?? '')}
        </FormHelperText>
      ))}
    </>
  );
};
