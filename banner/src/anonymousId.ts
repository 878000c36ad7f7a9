const ANONYMOUS_ID = /^[A-Za-z0-9-]{16,64}$/;

export const isAnonymousId = (value: unknown): value is string => typeof value === 'string' && ANONYMOUS_ID.test(value);

export const newAnonymousId = (): string => {
  try {
    if (window.crypto?.randomUUID) return window.crypto.randomUUID();
  } catch {
    // Not a secure context: fall back below.
  }
  let id = '';
  for (let i = 0; i < 32; i++) id += Math.floor(Math.random() * 16).toString(16);
  return id;
};

/** Shared consent: a link from a sibling site carries the visitor's anonymous id (`#cm_aid=…`). */
export const linkedAnonymousId = (hash: string): string | null => hash.match(/[#&]cm_aid=([A-Za-z0-9-]{16,64})/)?.[1] ?? null;
