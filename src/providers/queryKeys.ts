/**
 * Every query key the app builds outside react-admin's own resource hooks, in one module, so
 * an invalidation after a write names exactly the key of the query it refreshes. One group per
 * feature; each key starts with its group's root so `invalidateQueries({ queryKey: root })`
 * refreshes the whole group.
 */
export const queryKeys = {} as const;
