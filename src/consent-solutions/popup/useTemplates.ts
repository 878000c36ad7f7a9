import { useGetList, useGetOne } from 'react-admin';
import type { PopupTemplate } from '../../schemas/popupTemplate';
import { RESOURCE, type TemplateScope } from './popupTemplateModel';

/** Every gallery template, or every one of the account's, oldest first (the API's list is small). */
export const useTemplates = (scope: TemplateScope) =>
  useGetList<PopupTemplate>(RESOURCE, { filter: { scope }, sort: { field: 'id', order: 'ASC' }, pagination: { page: 1, perPage: 1000 } });

/** One template; none while `id` is undefined. */
export const useTemplate = (id: number | undefined) => useGetOne<PopupTemplate>(RESOURCE, { id: id ?? 0 }, { enabled: id !== undefined });
