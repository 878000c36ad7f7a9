import { lazy, type ComponentType } from 'react';

const FLAG_PREFIX = 'chunk-reload:';

/**
 * ST-6: after a deploy, an old page asks for chunks that no longer exist. Reload once per
 * distinct error message (a session-storage flag guards against a reload loop), otherwise
 * let the error reach the error boundary.
 */
export const importWithReload = async <T>(
  load: () => Promise<T>,
  storage: Storage = window.sessionStorage,
  reload: () => void = () => window.location.reload(),
): Promise<T> => {
  try {
    return await load();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const flag = FLAG_PREFIX + message;
    if (storage.getItem(flag) === null) {
      storage.setItem(flag, '1');
      reload();
      // The reload replaces the page; never settle so nothing renders an error meanwhile.
      return new Promise<T>(() => undefined);
    }
    throw error;
  }
};

export const lazyWithReload = <P extends object>(load: () => Promise<{ default: ComponentType<P> }>) => lazy(() => importWithReload(load));
