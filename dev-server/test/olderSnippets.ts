import { coreLoaderScript } from '../../banner/publish/coreLoader';
import { cdnScriptUrl } from '../../src/shared/cdnScriptUrl';

/**
 * The inline snippet the Installation tab gave after a publish before the one snippet
 * (PROMISE-5), as customers' pages may still carry it: the tests prove the health check tells it
 * apart. (The synchronous `banner.js` tag given before a publish is e2e/bannerLoop's.)
 */

/** That publication's inline part (STD-8), then the loader of `banner-full.js`. */
export const olderAsyncSnippet = (apiUrl: string, consentSolutionId: number, inlineScript: string): string => {
  const loader = coreLoaderScript(cdnScriptUrl(apiUrl, consentSolutionId, 'banner-full.js'), String(consentSolutionId));
  return `<script>${inlineScript.trim() === '' ? '' : `${inlineScript.trim()}\n`}${loader}</script>`;
};
