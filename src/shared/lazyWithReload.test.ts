import { describe, expect, it, vi } from 'vitest';
import { importWithReload } from './lazyWithReload';

const memoryStorage = (): Storage => {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
};

describe('importWithReload', () => {
  it('[ST-6] importWithReload reloads once per distinct message', async () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    const failWith = (message: string) => () => Promise.reject(new Error(message));

    // First failure with a message: reload, and never settle (the page is going away).
    const pending = importWithReload(failWith('chunk A missing'), storage, reload);
    expect(await Promise.race([pending.then(() => 'settled'), new Promise((r) => setTimeout(() => r('pending'), 20))])).toBe('pending');
    expect(reload).toHaveBeenCalledTimes(1);

    // Same message again (after the reload): no second reload, the error surfaces.
    await expect(importWithReload(failWith('chunk A missing'), storage, reload)).rejects.toThrow('chunk A missing');
    expect(reload).toHaveBeenCalledTimes(1);

    // A different message gets its own single reload.
    void importWithReload(failWith('chunk B missing'), storage, reload);
    await Promise.resolve();
    await Promise.resolve();
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('[ST-6] a successful load neither reloads nor sets a flag', async () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    await expect(importWithReload(async () => 'module', storage, reload)).resolves.toBe('module');
    expect(reload).not.toHaveBeenCalled();
    expect(storage.length).toBe(0);
  });
});
