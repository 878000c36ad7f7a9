import type { GridRowId, GridRowSelectionModel } from '@mui/x-data-grid';
import type { Cookie } from '../../schemas/cookie';

/** What the cookie screens read of their consent solution. */
export interface SolutionSummary {
  id: number | string;
  defaultLanguage: string;
  additionalLanguages: string[];
}

export const emptySelection = (): GridRowSelectionModel => ({ type: 'include', ids: new Set<GridRowId>() });

/** The ids a selection stands for on the page shown (an "exclude" model is "all but these"). */
export const selectedIds = (model: GridRowSelectionModel, rows: readonly Cookie[]): number[] =>
  model.type === 'include' ? [...model.ids].map(Number) : rows.filter((row) => !model.ids.has(row.id)).map((row) => row.id);

/** Empty processor fields for the form; the schema turns two blanks back into "no processor". */
export const withProcessorFields = (record: Partial<Cookie> | undefined) => ({
  ...record,
  dataProcessor: record?.dataProcessor ?? { name: '', privacyPolicyUrl: '' },
  purpose: record?.purpose ?? {},
});
