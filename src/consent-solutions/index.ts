import PolicyIcon from '@mui/icons-material/Policy';
import { lazyWithReload } from '../shared/lazyWithReload';

// Each screen is its own chunk (ST-6 guards a stale chunk after a deploy); the modules use
// named exports, so each loader names its component.
/** The list's chunk; the menu starts loading it when the pointer or focus reaches its entry. */
export const preloadConsentSolutionList = () => import('./ConsentSolutionList');
const ConsentSolutionList = lazyWithReload(async () => ({ default: (await preloadConsentSolutionList()).ConsentSolutionList }));
const ConsentSolutionCreate = lazyWithReload(async () => ({ default: (await import('./ConsentSolutionCreate')).ConsentSolutionCreate }));

/**
 * `<Resource name="consent-solutions" {...consentSolutions} edit={…} />`. The detail with its
 * tabs is the `edit` view: react-admin mounts it at `/consent-solutions/:id/*`, which is exactly
 * ROUTE-12's `/consent-solutions/{csId}/<tab>/`. The detail is a chunk of its own, which the app
 * passes (ConsentSolutionPage). There is no separate show view.
 */
export default {
  list: ConsentSolutionList,
  create: ConsentSolutionCreate,
  icon: PolicyIcon,
  recordRepresentation: 'name',
};
