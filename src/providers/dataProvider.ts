import jsonServerProvider from 'ra-data-json-server';
import type { DataProvider } from 'ra-core';
import { env } from '../config/env';
import { crudHttpClient } from './crudErrorKeys';
import { httpClient } from './httpClient';
import { withConsentSolutionsMethods, type ConsentSolutionsMethods } from './methods/consentSolutions';
import { withCookieMethods, type CookieMethods } from './methods/cookies';
import { withDomainVerificationMethods, type DomainVerificationMethods } from './methods/domainVerification';
import { withPopupMethods, type PopupMethods } from './methods/popup';
import { withReportsMethods, type ReportsMethods } from './methods/reports';
import { withScannerMethods, type ScannerMethods } from './methods/scanner';
import { withSubscriptionMethods, type SubscriptionMethods } from './methods/subscription';
import { withTcfMethods, type TcfMethods } from './methods/tcf';
import { withTranslationMethods, type TranslationMethods } from './methods/translations';

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

interface AccountMethods {
  getAccount(id: number): Promise<Account>;
}

/** The app's non-CRUD calls, typed (house style: `useDataProvider<AppDataProvider>()`). */
export interface AppDataProvider
  extends
    DataProvider,
    AccountMethods,
    ConsentSolutionsMethods,
    CookieMethods,
    DomainVerificationMethods,
    PopupMethods,
    ReportsMethods,
    ScannerMethods,
    SubscriptionMethods,
    TcfMethods,
    TranslationMethods {}

/** Adds the custom methods; a decorator so the CRUD provider stays swappable. */
const withCustomMethods = <T extends DataProvider>(base: T): T & AccountMethods => ({
  ...base,
  getAccount: async (id) => {
    const { json } = await httpClient(`${env.apiUrl}/accounts/${encodeURIComponent(id)}`, {
      defaultErrorKey: 'auth.get_account_details_default_error',
    });
    return json as Account;
  },
});

/** Each feature's methods (./methods/README.md), one decorator each around the CRUD provider. */
export const dataProvider: AppDataProvider = withCustomMethods(
  withTcfMethods(
    withDomainVerificationMethods(
      withScannerMethods(
        withReportsMethods(
          withPopupMethods(
            withConsentSolutionsMethods(withCookieMethods(withSubscriptionMethods(withTranslationMethods(jsonServerProvider(env.apiUrl, crudHttpClient))))),
          ),
        ),
      ),
    ),
  ),
);
