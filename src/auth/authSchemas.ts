import { useEffect, useState } from 'react';
import { importWithReload } from '../shared/lazyWithReload';

export type AuthSchemas = typeof import('../schemas/auth');

let loading: Promise<AuthSchemas> | undefined;

/**
 * The shared auth schemas (src/schemas/auth.ts), loaded apart from the entry chunk: they
 * bring classic zod (~20 kB gzip), which the login form does not need to appear
 * (docs/performance.md budget). The screens start loading them as they mount, so they are there
 * by the time the user submits.
 */
export const loadAuthSchemas = (): Promise<AuthSchemas> => {
  loading ??= importWithReload(() => import('../schemas/auth'));
  return loading;
};

/** The auth schemas once loaded (undefined until then); starts loading on mount. */
export const useAuthSchemas = (): AuthSchemas | undefined => {
  const [schemas, setSchemas] = useState<AuthSchemas>();
  useEffect(() => {
    let active = true;
    void loadAuthSchemas().then((loaded) => {
      if (active) setSchemas(loaded);
    });
    return () => {
      active = false;
    };
  }, []);
  return schemas;
};
