import type { TranslationMessages } from 'ra-core';
import englishMessages from 'ra-language-english';
import { dashboardEn } from './dashboard.en';
import { deployEn } from './deploy.en';
import { deepMergeAll, type Tree } from './deepMerge';
import { formMessagesEn } from './formMessages.en';
import { integrationsEn } from './integrations.en';
import { loadErrorsEn } from './loadErrors.en';
import { statusHelpEn } from './statusHelp.en';
import { nestKeys } from './nestKeys';
import { popupEn } from './popup.en';
import { resourcesEn } from './resources.en';
import { scannerEn } from './scanner.en';
import { scannerComplianceEn } from './scannerCompliance.en';
import { shellEn } from './shell.en';
import { subscriptionEn } from './subscription.en';
import { standardsDocumentsEn } from './standardsDocuments.en';
import { tcfEn } from './tcf.en';
import { teammatesEn } from './teammates.en';
import { translationsEn } from './translations.en';

/**
 * The admin's own English messages and react-admin's `ra.*` texts, added to i18next by the
 * admin's i18nProvider; out of en.ts, so the login route (which ships that) does not download them.
 */
export const adminCatalogueEn: Tree = deepMergeAll([
  shellEn,
  resourcesEn,
  teammatesEn,
  subscriptionEn,
  translationsEn,
  integrationsEn,
  popupEn,
  nestKeys(formMessagesEn),
  scannerEn,
  scannerComplianceEn,
  dashboardEn,
  tcfEn,
  standardsDocumentsEn,
  loadErrorsEn,
  statusHelpEn,
  deployEn,
]);

export const raMessagesEn: TranslationMessages = englishMessages;
