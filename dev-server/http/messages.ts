/**
 * English text for every message key the dev API answers with: the shared registry
 * (src/schemas/messages.ts), which the app's catalogues translate. Clients translate
 * `messageKey`; `message` is a readable fallback (docs/api.md, "Message keys").
 */
export { englishMessage as messageFor } from '../../src/schemas/messages';
