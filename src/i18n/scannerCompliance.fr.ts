import type { Catalogue } from './catalogue';
import type { scannerComplianceEn } from './scannerCompliance.en';

/** SCAN-4 : les constats de conformité de l'analyseur dans la boîte de tri (mêmes clés que l'anglais). */
export const scannerComplianceFr: Catalogue<typeof scannerComplianceEn> = {
  scanner: {
    kinds: {
      cookie_without_consent: 'Cookie sans consentement',
      storage_without_consent: 'Stockage sans consentement',
      request_without_consent: 'Requête tierce sans consentement',
      state_unreached: 'Choix de consentement introuvable',
    },
    compliance: {
      states: {
        before: 'Avant consentement',
        reject: 'Après « tout refuser »',
        gpc: 'Avec Global Privacy Control',
        accept: 'Après « tout accepter »',
      },
      storage: {
        local_storage: 'localStorage',
        session_storage: 'sessionStorage',
        indexed_db: 'IndexedDB',
      },
      pages: 'Pages : {{pages}}',
      unreached: 'L’analyseur n’a pas pu faire ce choix sur le site',
      dashboard_series: 'Trouvés sans consentement',
    },
  },
};
