import { BANNER_ENTRIES } from '../entries';
import type { DeclarationData } from '../src/declarationTypes';
import { scriptJson } from './scriptJson';

/**
 * The cookie declaration's script (STD-5), published beside the banner at
 * /cdn/{csId}/declaration.js: the built runtime, then one call with the solution's data, in one
 * function scope (the page gets no global).
 */
export const composeDeclarationScript = (runtime: string, data: DeclarationData): string =>
  [
    `/* Cookie declaration: consent solution ${data.consentSolutionId}. Generated; do not edit. */`,
    '(function () {',
    runtime.trim(),
    `${BANNER_ENTRIES.declaration.global}.start(${scriptJson(data)});`,
    '})();',
    '',
  ].join('\n');
