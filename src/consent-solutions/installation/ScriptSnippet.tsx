import { useId, useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useNotify, useTranslate } from 'react-admin';

/**
 * The tag to paste (ROUTE-15) in a read-only box, with a copy button. Where the clipboard API
 * is missing or refused (an http page, a locked-down browser), the tag is selected instead so
 * the user can copy it with the keyboard.
 */
interface ScriptSnippetProps {
  tag: string;
  /** Translation keys of the box's label and help and of the copy button (default: the banner's). */
  labelKey?: string;
  helpKey?: string;
  copyKey?: string;
}

export const ScriptSnippet = ({
  tag,
  labelKey = 'cs.installation.script_label',
  helpKey = 'cs.installation.script_help',
  copyKey = 'cs.installation.copy',
}: ScriptSnippetProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const fieldRef = useRef<HTMLTextAreaElement | null>(null);
  const helpId = useId();

  const selectAll = () => {
    fieldRef.current?.focus();
    fieldRef.current?.select();
  };

  const copy = async () => {
    try {
      if (typeof navigator === 'undefined' || !navigator.clipboard) throw new Error('Clipboard API unavailable');
      await navigator.clipboard.writeText(tag);
      notify('cs.installation.copied', { type: 'success' });
    } catch {
      selectAll();
      notify('cs.installation.copy_fallback', { type: 'info' });
    }
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, alignItems: 'flex-start' }}>
      <TextField
        inputRef={fieldRef}
        label={translate(labelKey)}
        value={tag}
        // A plain textarea with fixed rows, not MUI's autosize (which MUI 9 uses even for fixed
        // rows): measuring each box forced a layout per box in one long task of the tab's first
        // render (docs/performance.md). Browsers with `field-sizing` fit the text.
        multiline
        rows={Math.max(2, tag.split('\n').length)}
        fullWidth
        onFocus={selectAll}
        helperText={translate(helpKey)}
        slotProps={{
          input: { inputComponent: 'textarea' },
          htmlInput: { readOnly: true, spellCheck: false, 'aria-describedby': helpId },
          formHelperText: { id: helpId },
        }}
        sx={{ '& textarea': { fontFamily: 'monospace', fontSize: 14, fieldSizing: 'content' } }}
      />
      <Button variant="contained" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
        {translate(copyKey)}
      </Button>
    </Box>
  );
};
