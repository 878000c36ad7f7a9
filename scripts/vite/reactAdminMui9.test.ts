import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REACT_ADMIN_MUI9_PATCHES, patchReactAdminModule } from './reactAdminMui9';

// The installed react-admin, whose code the build patches.
const raDist = join(import.meta.dirname, '../../node_modules/ra-ui-materialui');

describe('the react-admin / MUI 9 patch of the build', () => {
  it('[PERF-1] patches the installed ResettableTextField so MUI gets no InputProps prop', () => {
    const id = join(raDist, 'dist/input/ResettableTextField.js');
    const original = readFileSync(id, 'utf8');
    const patched = patchReactAdminModule(id, original);
    expect(patched).not.toBe(original);
    const textField = patched.slice(patched.indexOf('React.createElement(StyledTextField'));
    expect(textField.slice(0, textField.indexOf('inputRef: ref'))).not.toContain('InputProps');
    // The same props still reach the input, as MUI 9 wants them.
    expect(textField).toContain('slotProps: mergedSlotProps');
  });

  it('[PERF-1] patches the installed AutocompleteInput so its input props go through slotProps.input', () => {
    const id = join(raDist, 'dist/input/AutocompleteInput.js');
    const patched = patchReactAdminModule(id, readFileSync(id, 'utf8'));
    expect(patched).not.toContain('InputProps: mergedTextFieldProps');
    expect(patched).toContain('input: { ...params.slotProps?.input, ...mergedTextFieldProps }');
  });

  it('[PERF-1] patches the installed NumberInput so its step, min and max only go through slotProps.htmlInput', () => {
    const id = join(raDist, 'dist/input/NumberInput.js');
    const patched = patchReactAdminModule(id, readFileSync(id, 'utf8'));
    expect(patched).not.toContain('inputProps: inputProps,');
    expect(patched).toContain('htmlInput: { ...inputProps');
  });

  it('[PERF-1] patches the installed BooleanInput so its ref goes to the switch, not the label', () => {
    const id = join(raDist, 'dist/input/BooleanInput.js');
    const patched = patchReactAdminModule(id, readFileSync(id, 'utf8'));
    expect(patched).not.toContain('FormControlLabel, { inputRef');
    expect(patched).toContain('Switch, { slotProps: { input: { ref: field.ref } }');
  });

  it('[PERF-1] leaves every other module alone and fails loudly when react-admin changed the patched code', () => {
    expect(patchReactAdminModule('/app/node_modules/ra-ui-materialui/dist/input/TextInput.js', 'code')).toBe('code');
    const [first] = REACT_ADMIN_MUI9_PATCHES;
    expect(() => patchReactAdminModule(`/app${first?.file ?? ''}`, 'export const changed = 1;')).toThrow(/no longer contains/);
  });
});
