import type { TranslationMessages } from 'ra-core';
import frenchMessages from 'ra-language-french';
import { dashboardFr } from './dashboard.fr';
import { deployFr } from './deploy.fr';
import { deepMergeAll, type Tree } from './deepMerge';
import { formMessagesFr } from './formMessages.fr';
import { integrationsFr } from './integrations.fr';
import { loadErrorsFr } from './loadErrors.fr';
import { statusHelpFr } from './statusHelp.fr';
import { nestKeys } from './nestKeys';
import { popupFr } from './popup.fr';
import { resourcesFr } from './resources.fr';
import { scannerFr } from './scanner.fr';
import { scannerComplianceFr } from './scannerCompliance.fr';
import { shellFr } from './shell.fr';
import { subscriptionFr } from './subscription.fr';
import { standardsDocumentsFr } from './standardsDocuments.fr';
import { tcfFr } from './tcf.fr';
import { teammatesFr } from './teammates.fr';
import { translationsFr } from './translations.fr';

/**
 * The same in French: its own chunk, loaded only when the admin shows French (a French
 * visitor, or a switch of language), so an English visitor never downloads it.
 */
export const adminCatalogueFr: Tree = deepMergeAll([
  shellFr,
  resourcesFr,
  teammatesFr,
  subscriptionFr,
  translationsFr,
  integrationsFr,
  popupFr,
  nestKeys(formMessagesFr),
  scannerFr,
  scannerComplianceFr,
  dashboardFr,
  tcfFr,
  standardsDocumentsFr,
  loadErrorsFr,
  statusHelpFr,
  deployFr,
]);

export const raMessagesFr: TranslationMessages = frenchMessages;
