import type { ReactNode } from 'react';
import { Route } from 'react-router-dom';
import { PendingSuspense } from '../components/PendingIndicator';
import { ConsentSolutionDetail, type SolutionTabRoutes } from './ConsentSolutionDetail';
import { lazyWithReload } from '../shared/lazyWithReload';
import { InstallationPage } from './installation/InstallationPage';

// rjsf, CodeMirror and the data grid are heavy: these tabs are their own chunks, loaded when opened.
const TranslationsTab = lazyWithReload(async () => ({ default: (await import('./copy-and-translations/TranslationsTab')).TranslationsTab }));
const PopupTab = lazyWithReload(async () => ({ default: (await import('./popup/PopupTab')).PopupTab }));
const CookieManagement = lazyWithReload(async () => ({ default: (await import('./cookie-management/CookieManagement')).CookieManagement }));
const TcfTab = lazyWithReload(async () => ({ default: (await import('./tcf/TcfTab')).TcfTab }));
const lazyTab = (element: ReactNode) => <PendingSuspense>{element}</PendingSuspense>;

/** ROUTE-12's tabs other than the detail's own forms, under `/consent-solutions/{csId}/`. */
const customTabs: SolutionTabRoutes = (solution) => [
  <Route key="installation" path="installation/*" element={<InstallationPage />} />,
  <Route key="popup" path="popup/*" element={lazyTab(<PopupTab />)} />,
  <Route key="copy" path="copy-and-translations/*" element={lazyTab(<TranslationsTab />)} />,
  <Route key="cookies" path="cookie-management/*" element={lazyTab(<CookieManagement solution={solution} />)} />,
  <Route key="tcf" path="tcf" element={lazyTab(<TcfTab />)} />,
];

/** The consent solution's detail (the resource's edit route) with every tab. */
export const ConsentSolutionPage = () => <ConsentSolutionDetail tabs={customTabs} />;
