import type { Plugin } from 'vite';

/**
 * react-admin 5.15 still hands MUI's TextField the `InputProps` prop that MUI 9 removed: MUI
 * passes it on to the FormControl's `<div>` (React warns "React does not recognize the
 * `InputProps` prop on a DOM element" on every screen with a text, search or select input)
 * and, for the autocomplete inputs, the props in it are lost. react-admin already gives the same
 * props as `slotProps.input` on MUI ≥ 6 in ResettableTextField, so that one just drops the
 * legacy prop (NumberInput likewise its `inputProps`, given as `slotProps.htmlInput` too);
 * AutocompleteInput gets them merged into MUI 9's `slotProps.input`. BooleanInput
 * and CheckboxGroupInput's items give FormControlLabel an `inputRef` that MUI 9 puts on the
 * `<label>` (the same warning, and react-hook-form cannot focus the control): it goes to the
 * switch's or the checkbox's input instead.
 * Each patch must match exactly: an upgrade of react-admin that changes the code fails the
 * build here, the reminder to check whether the patch is still needed.
 */
interface Patch {
  /** The end of the module's path inside node_modules. */
  file: string;
  from: string;
  to: string;
}

export const REACT_ADMIN_MUI9_PATCHES: readonly Patch[] = [
  {
    file: '/node_modules/ra-ui-materialui/dist/input/ResettableTextField.js',
    from: 'React.createElement(StyledTextField, { value: value, InputProps: inputProps, disabled:',
    to: 'React.createElement(StyledTextField, { value: value, disabled:',
  },
  {
    file: '/node_modules/ra-ui-materialui/dist/input/AutocompleteInput.js',
    from: '...params, ...TextFieldProps, InputProps: mergedTextFieldProps, ...mergedSlotProps,',
    to: '...params, ...TextFieldProps, ...(mergedSlotProps ?? { slotProps: { ...params.slotProps, input: { ...params.slotProps?.input, ...mergedTextFieldProps } } }),',
  },
  {
    // NumberInput: the same as ResettableTextField, for the native input's step, min and max.
    file: '/node_modules/ra-ui-materialui/dist/input/NumberInput.js',
    from: 'inputProps: inputProps, ...sanitizeInputRestProps(rest), ...(muiMajor >= 6 ? { slotProps: mergedSlotProps } : {})',
    to: '...sanitizeInputRestProps(rest), ...(muiMajor >= 6 ? { slotProps: mergedSlotProps } : {})',
  },
  {
    file: '/node_modules/ra-ui-materialui/dist/input/BooleanInput.js',
    from: 'React.createElement(FormControlLabel, { inputRef: field.ref, control: React.createElement(Switch, { id: id,',
    to: 'React.createElement(FormControlLabel, { control: React.createElement(Switch, { slotProps: { input: { ref: field.ref } }, id: id,',
  },
  {
    // CheckboxGroupInput's first box: the same as BooleanInput, the ref goes to the checkbox's input.
    file: '/node_modules/ra-ui-materialui/dist/input/CheckboxGroupInputItem.js',
    from: 'className: className, inputRef: inputRef, control: React.createElement(Checkbox, { id: `${id}_${getChoiceValue(choice)}`,',
    to: 'className: className, control: React.createElement(Checkbox, { slotProps: { input: { ref: inputRef } }, id: `${id}_${getChoiceValue(choice)}`,',
  },
];

/** The module's code with its patch applied; unchanged for any other module. */
export const patchReactAdminModule = (id: string, code: string): string => {
  const path = id.split('?')[0]?.replaceAll('\\', '/') ?? '';
  const patch = REACT_ADMIN_MUI9_PATCHES.find(({ file }) => path.endsWith(file));
  if (patch === undefined) return code;
  if (code.split(patch.from).length !== 2) {
    throw new Error(
      `scripts/vite/reactAdminMui9.ts: ${patch.file} no longer contains the code to patch; check whether react-admin now supports MUI 9 and drop the patch.`,
    );
  }
  return code.replace(patch.from, patch.to);
};

/** For the build and, through optimizeDeps' Rolldown, the dev server's pre-bundled dependencies. */
export const reactAdminMui9Plugin = (): Plugin => ({
  name: 'react-admin-mui9',
  transform(code, id) {
    const patched = patchReactAdminModule(id, code);
    return patched === code ? null : { code: patched, map: null };
  },
});
