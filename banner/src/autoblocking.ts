import type { SiteOptions } from './config';

const MARKED_SCRIPTS = 'script[type="text/plain"][data-consent-category]';

/**
 * Runs the page's marked scripts (`type="text/plain" data-consent-category="…"`) by swapping
 * each for a live copy. With autoblocking, a script runs only once its category is accepted;
 * without it, marking is only a way to load scripts after the banner.
 */
export const activateScripts = (categories: readonly string[], site: SiteOptions | undefined): void => {
  const marked = document.querySelectorAll<HTMLScriptElement>(MARKED_SCRIPTS);
  for (const old of Array.from(marked)) {
    const category = old.getAttribute('data-consent-category');
    if (site?.autoblocking && category !== 'necessary' && (category === null || !categories.includes(category))) continue;
    const fresh = document.createElement('script');
    for (const attribute of Array.from(old.attributes)) {
      if (attribute.name !== 'type') fresh.setAttribute(attribute.name, attribute.value);
    }
    const type = old.getAttribute('data-type');
    if (type) fresh.setAttribute('type', type);
    fresh.setAttribute('data-consent-activated', '');
    if (!old.src) fresh.text = old.text;
    old.parentNode?.replaceChild(fresh, old);
  }
};
