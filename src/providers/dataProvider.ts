import jsonServerProvider from 'ra-data-json-server';
import type { DataProvider } from 'ra-core';
import { env } from '../config/env';
import { crudHttpClient } from './crudErrorKeys';
import { httpClient } from './httpClient';
import { withConsentSolutionsMethods, type ConsentSolutionsMethods } from './methods/consentSolutions';
import { withPopupMethods, type PopupMethods } from './methods/popup';
import { withReportsMethods, type ReportsMethods } from './methods/reports';
import { withScannerMethods, type ScannerMethods } from './methods/scanner';
import { withTcfMethods, type TcfMethods } from './methods/tcf';

/** `GET /accounts/{id}` (docs/api.md): the fields the app reads; the rest passes through. */
export interface Account {
  id: number;
  name: string;
  date?: string;
  stripeSubscriptionId?: string | null;
  paymentMethod?: string;
  subscription?: Record<string, unknown>;
  [field: string]: unknown;
}

/** The app's non-CRUD calls, typed (house style: `useDataProvider<AppDataProvider>()`). */
export interface AppDataProvider extends DataProvider, ConsentSolutionsMethods, PopupMethods, ReportsMethods, ScannerMethods, TcfMethods {
  getAccount(id: number): Promise<Account>;
}

/** Adds the custom methods; a decorator so the CRUD provider stays swappable. */
export const withCustomMethods = (base: DataProvider): DataProvider & Pick<AppDataProvider, 'getAccount'> => ({
  ...base,
  getAccount: async (id) => {
    const { json } = await httpClient(`${env.apiUrl}/accounts/${encodeURIComponent(id)}`, {
      defaultErrorKey: 'auth.get_account_details_default_error',
    });
    return json as Account;
  },
});

/** Each feature's methods (./methods/README.md), one decorator each around the CRUD provider. */
const withFeatureMethods = (base: ReturnType<typeof withCustomMethods>): AppDataProvider =>
  withTcfMethods(withScannerMethods(withReportsMethods(withPopupMethods(withConsentSolutionsMethods(base)))));

export const dataProvider: AppDataProvider = withFeatureMethods(withCustomMethods(jsonServerProvider(env.apiUrl, crudHttpClient)));
