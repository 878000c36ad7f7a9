import type { Store } from '../store/store';

/** How many list answers each server keeps (the most recently used). */
const CACHED_LISTS = 256;

export interface ListAnswer {
  /** What X-Total-Count says: all matching rows, before paging. */
  total: number;
  /** The page, as sent. */
  json: string;
}

interface CachedList extends ListAnswer {
  generation: number;
}

const caches = new WeakMap<Store, Map<string, CachedList>>();

/**
 * A read cache in front of json-server's lists: an answer is reused until the next write to
 * the store, whatever it changed, so it is never stale. `key` names everything the answer
 * depends on (the collection, the caller's account and the URL).
 */
export const listCache = (store: Store) => {
  let cache = caches.get(store);
  if (!cache) {
    cache = new Map();
    caches.set(store, cache);
  }
  const entries = cache;
  return {
    get: (key: string): ListAnswer | undefined => {
      const answer = entries.get(key);
      if (answer?.generation !== store.generation()) return undefined;
      entries.delete(key); // most recently used goes last
      entries.set(key, answer);
      return answer;
    },
    /** `generation`: the store's generation when the answer's computation started. */
    set: (key: string, generation: number, answer: ListAnswer): void => {
      entries.set(key, { ...answer, generation });
      if (entries.size > CACHED_LISTS) entries.delete(entries.keys().next().value as string);
    },
  };
};
