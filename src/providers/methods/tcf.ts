import type { DataProvider, Identifier } from 'ra-core';
import type { AcProviderRow, GvlVendor, TcfSettings, TcfSettingsState, VendorListSummary } from '../../schemas/tcf';
import { httpClient } from '../httpClient';
import { getJson, segment, sendJson } from './jsonCalls';

/** The IAB TCF calls (docs/api.md "IAB TCF"): the vendor list and a solution's TCF settings. */

export interface VendorPage {
  vendors: GvlVendor[];
  total: number;
}

/** STD-14: one page of Google's Additional Consent providers. */
export interface AcProviderPage {
  providers: AcProviderRow[];
  total: number;
}

export interface TcfMethods {
  getVendorList(language: string): Promise<VendorListSummary>;
  /** One page of the GVL's vendors by name, `q` searching their names. */
  searchVendors(q: string, page: number, perPage: number): Promise<VendorPage>;
  /** The chosen vendors by id (one call per 100 ids). */
  getVendorsByIds(ids: readonly number[]): Promise<GvlVendor[]>;
  getTcfState(solutionId: Identifier): Promise<TcfSettingsState>;
  /** STD-14: one page of Google's Additional Consent providers by name, `q` searching their names (or an id). */
  searchAcProviders(q: string, page: number, perPage: number): Promise<AcProviderPage>;
  saveTcfSettings(solutionId: Identifier, settings: TcfSettings): Promise<TcfSettingsState>;
}

const LOAD_ERROR = 'tcf.notifications.load_error';
const IDS_PER_CALL = 100;
const tcfPath = (solutionId: Identifier) => `/consent-solutions/${segment(solutionId)}/tcf`;

const vendors = async (query: URLSearchParams) => httpClient(`/tcf/vendors?${query.toString()}`, { defaultErrorKey: LOAD_ERROR });

export const withTcfMethods = <T extends DataProvider>(base: T): T & TcfMethods => ({
  ...base,
  getVendorList: (language) => getJson(`/tcf/vendor-list?language=${encodeURIComponent(language)}`, LOAD_ERROR),
  searchVendors: async (q, page, perPage) => {
    const query = new URLSearchParams({ _page: String(page), _limit: String(perPage), _sort: 'name', _order: 'asc' });
    if (q.trim() !== '') query.set('q', q.trim());
    const res = await vendors(query);
    return { vendors: res.json as GvlVendor[], total: Number(res.headers.get('x-total-count') ?? 0) };
  },
  getVendorsByIds: async (ids) => {
    const found: GvlVendor[] = [];
    for (let start = 0; start < ids.length; start += IDS_PER_CALL) {
      const query = new URLSearchParams({ _limit: String(IDS_PER_CALL) });
      for (const id of ids.slice(start, start + IDS_PER_CALL)) query.append('id', String(id));
      found.push(...((await vendors(query)).json as GvlVendor[]));
    }
    return found;
  },
  getTcfState: (solutionId) => getJson(tcfPath(solutionId), LOAD_ERROR),
  searchAcProviders: async (q, page, perPage) => {
    const query = new URLSearchParams({ _page: String(page), _limit: String(perPage) });
    if (q.trim() !== '') query.set('q', q.trim());
    const res = await httpClient(`/tcf/ac-providers?${query.toString()}`, { defaultErrorKey: LOAD_ERROR });
    return { providers: res.json as AcProviderRow[], total: Number(res.headers.get('x-total-count') ?? 0) };
  },
  saveTcfSettings: (solutionId, settings) => sendJson(tcfPath(solutionId), 'PUT', settings, 'tcf.notifications.save_error'),
});
