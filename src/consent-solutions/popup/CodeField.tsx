import { useMemo } from 'react';
import CodeMirror, { EditorView, type Extension } from '@uiw/react-codemirror';
import { css } from '@codemirror/lang-css';
import { html } from '@codemirror/lang-html';
import { javascript } from '@codemirror/lang-javascript';
import type { TemplateCodeField } from '../../schemas/template';

const languageOf = (field: TemplateCodeField): Extension => (field === 'html' ? html() : field === 'css' ? css() : javascript());

interface CodeFieldProps {
  field: TemplateCodeField;
  label: string;
  value: string;
  invalid: boolean;
  describedBy?: string;
  onChange: (value: string) => void;
}

/** One code editor (ROUTE-19): syntax highlighting per language, named for assistive tech. */
export const CodeField = ({ field, label, value, invalid, describedBy, onChange }: CodeFieldProps) => {
  const extensions = useMemo(
    () => [
      languageOf(field),
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({
        'aria-label': label,
        'aria-invalid': String(invalid),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      }),
    ],
    [field, label, invalid, describedBy],
  );
  return <CodeMirror value={value} onChange={onChange} extensions={extensions} minHeight="260px" maxHeight="520px" basicSetup={{ foldGutter: false }} />;
};
