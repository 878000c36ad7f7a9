import { dashboardEn } from './dashboard.en';
import { dashboardFr } from './dashboard.fr';
import { deepMerge, type Tree } from './deepMerge';
import { formMessagesEn, formMessagesFr, nestKeys } from './formMessages';
import { integrationsEn } from './integrations.en';
import { integrationsFr } from './integrations.fr';
import { popupEn } from './popup.en';
import { popupFr } from './popup.fr';
import { resourcesEn } from './resources.en';
import { scannerEn } from './scanner.en';
import { scannerFr } from './scanner.fr';
import { resourcesFr } from './resources.fr';
import { shellEn } from './shell.en';
import { shellFr } from './shell.fr';
import { teammatesEn } from './teammates.en';
import { teammatesFr } from './teammates.fr';
import { translationsEn } from './translations.en';
import { translationsFr } from './translations.fr';
import { subscriptionEn } from './subscription.en';
import { subscriptionFr } from './subscription.fr';
import { tcfEn } from './tcf.en';
import { tcfFr } from './tcf.fr';

/**
 * The admin's own messages, added to i18next by the admin's i18nProvider. They stay out of
 * en.ts/fr.ts so the login route (which ships those) does not download them.
 */
export const adminCatalogues: Record<'en' | 'fr', Tree> = {
  en: deepMerge(deepMerge(deepMerge(deepMerge(deepMerge(deepMerge(deepMerge(deepMerge(deepMerge(deepMerge(shellEn, resourcesEn), teammatesEn), subscriptionEn), translationsEn), integrationsEn), popupEn), nestKeys(formMessagesEn)), scannerEn), dashboardEn), tcfEn),
  fr: deepMerge(deepMerge(deepMerge(deepMerge(deepMerge(deepMerge(deepMerge(deepMerge(deepMerge(deepMerge(shellFr, resourcesFr), teammatesFr), subscriptionFr), translationsFr), integrationsFr), popupFr), nestKeys(formMessagesFr)), scannerFr), dashboardFr), tcfFr),
};
