import type { Identifier } from 'react-admin';
import { httpClient } from '../../providers/httpClient';
import type { GvlVendor, TcfSettings, TcfSettingsState, VendorListSummary } from '../../schemas/tcf';

/** The calls of docs/api.md "IAB TCF", through the providers' httpClient (one toast per violation). */

const solutionPath = (solutionId: Identifier) => `/consent-solutions/${encodeURIComponent(String(solutionId))}/tcf`;

export interface VendorPage {
  vendors: GvlVendor[];
  total: number;
}

export const getVendorList = async (language: string): Promise<VendorListSummary> =>
  (await httpClient(`/tcf/vendor-list?language=${encodeURIComponent(language)}`, { defaultErrorKey: 'tcf.notifications.load_error' })).json as VendorListSummary;

export const searchVendors = async (q: string, page: number, perPage: number): Promise<VendorPage> => {
  const query = new URLSearchParams({ _page: String(page), _limit: String(perPage), _sort: 'name', _order: 'asc' });
  if (q.trim() !== '') query.set('q', q.trim());
  const res = await httpClient(`/tcf/vendors?${query.toString()}`, { defaultErrorKey: 'tcf.notifications.load_error' });
  return { vendors: res.json as GvlVendor[], total: Number(res.headers.get('x-total-count') ?? 0) };
};

/** The chosen vendors by id (one page of at most 100 ids each call). */
export const vendorsByIds = async (ids: readonly number[]): Promise<GvlVendor[]> => {
  const found: GvlVendor[] = [];
  for (let start = 0; start < ids.length; start += 100) {
    const query = new URLSearchParams({ _limit: '100' });
    for (const id of ids.slice(start, start + 100)) query.append('id', String(id));
    found.push(...((await httpClient(`/tcf/vendors?${query.toString()}`, { defaultErrorKey: 'tcf.notifications.load_error' })).json as GvlVendor[]));
  }
  return found;
};

export const getTcfState = async (solutionId: Identifier): Promise<TcfSettingsState> =>
  (await httpClient(solutionPath(solutionId), { defaultErrorKey: 'tcf.notifications.load_error' })).json as TcfSettingsState;

export const saveTcfSettings = async (solutionId: Identifier, settings: TcfSettings): Promise<TcfSettingsState> =>
  (await httpClient(solutionPath(solutionId), { method: 'PUT', body: JSON.stringify(settings), defaultErrorKey: 'tcf.notifications.save_error' })).json as TcfSettingsState;
