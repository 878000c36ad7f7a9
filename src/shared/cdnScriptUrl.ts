/** A script of the provider's CDN: `{API}/cdn/{csId}/{file}`, the id URL-encoded in the path. */
export const cdnScriptUrl = (apiUrl: string, consentSolutionId: string | number, file: string): string =>
  `${apiUrl.replace(/\/+$/, '')}/cdn/${encodeURIComponent(String(consentSolutionId))}/${file}`;
