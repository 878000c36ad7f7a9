import { useEffect } from 'react';

/**
 * Warns before unsaved texts are lost by leaving (ROUTE-17). Closing or reloading the page gets
 * the browser's own prompt. The app runs on a BrowserRouter, where react-router cannot block a
 * navigation, so a click on an in-app link (menu, tabs) that leads away from `keepPathPrefix`
 * is held back and handed to `onLeave`, which asks and then navigates.
 */
export const useUnsavedChangesGuard = (dirty: boolean, keepPathPrefix: string, onLeave: (to: string) => void): void => {
  useEffect(() => {
    if (!dirty) return undefined;
    const beforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    const click = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!(link instanceof HTMLAnchorElement) || link.target === '_blank' || link.origin !== window.location.origin) return;
      if (link.pathname.startsWith(keepPathPrefix)) return;
      event.preventDefault();
      event.stopPropagation();
      onLeave(`${link.pathname}${link.search}${link.hash}`);
    };
    window.addEventListener('beforeunload', beforeUnload);
    document.addEventListener('click', click, true);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      document.removeEventListener('click', click, true);
    };
  }, [dirty, keepPathPrefix, onLeave]);
};
