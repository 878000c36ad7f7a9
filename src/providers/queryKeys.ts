/**
 * Every query key the app builds outside react-admin's own resource hooks, in one module, so
 * an invalidation after a write names exactly the key of the query it refreshes. One group per
 * feature; each key starts with its group's root so `invalidateQueries({ queryKey: root })`
 * refreshes the whole group.
 */
export const queryKeys = {
  /** `GET /accounts/{id}` (ST-3). */
  account: {
    root: ['account'] as const,
    one: (accountId: number | undefined) => ['account', accountId] as const,
  },
  /** `GET /subscriptions` and its quotes. */
  subscription: {
    root: ['subscription'] as const,
    quote: (request: unknown) => ['subscription', 'quote', request] as const,
  },
  /** One solution's texts: each language, and the completeness matrix. */
  translations: {
    root: ['translations'] as const,
    ofSolution: (solutionId: unknown) => ['translations', String(solutionId)] as const,
    language: (solutionId: unknown, language: string) => ['translations', String(solutionId), 'language', language] as const,
    completeness: (solutionId: unknown) => ['translations', String(solutionId), 'completeness'] as const,
  },
} as const;
