import { adminCatalogueEn } from '../../src/i18n/adminCatalogue.en';
import { en } from '../../src/i18n/en';

/** The catalogues' top-level names (`cs`, `nav`, `scanner`…) and react-admin's `ra`. */
const NAMESPACES = [...new Set(['ra', ...Object.keys(adminCatalogueEn), ...Object.keys(en)])].filter((name) => /^[a-z][a-z0-9_]*$/.test(name));

/**
 * A translation key as i18next shows one it cannot find: `cs.installation.guides.gtm.step_6`.
 * Either it starts with a catalogue's namespace, or it is a whole text of lower_snake segments
 * with at least one underscore (a namespace no catalogue has). Domains and emails do not match:
 * they have hyphens, an `@`, or no underscore.
 */
export const KEY_PATTERNS = {
  namespaced: `(?:^|[^\\w.@/:-])((?:${NAMESPACES.join('|')})(?:\\.[a-z0-9_]+)+)(?![\\w.-])`,
  whole: '^(?=[^_]*_)[a-z][a-z0-9_]*(?:\\.[a-z0-9_]+)+$',
};
