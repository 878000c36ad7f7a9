import type { SiteOptions } from './config';

const MARKED_SCRIPTS = 'script[type="text/plain"][data-consent-category]';

const activate = (old: HTMLScriptElement, categories: readonly string[], site: SiteOptions | undefined): void => {
  const category = old.getAttribute('data-consent-category');
  if (site?.autoblocking && category !== 'necessary' && (category === null || !categories.includes(category))) return;
  const fresh = document.createElement('script');
  for (const attribute of Array.from(old.attributes)) {
    if (attribute.name !== 'type') fresh.setAttribute(attribute.name, attribute.value);
  }
  const type = old.getAttribute('data-type');
  if (type) fresh.setAttribute('type', type);
  fresh.setAttribute('data-consent-activated', '');
  if (!old.src) fresh.text = old.text;
  old.parentNode?.replaceChild(fresh, old);
};

/**
 * The page's marked scripts (`type="text/plain" data-consent-category="…"`); `within` limits the
 * search to these nodes (the ones a mutation added), so a busy page is not rescanned whole.
 */
export const markedScripts = (within?: readonly Node[]): HTMLScriptElement[] => {
  if (within === undefined) return Array.from(document.querySelectorAll<HTMLScriptElement>(MARKED_SCRIPTS));
  const found: HTMLScriptElement[] = [];
  for (const node of within) {
    if (!(node instanceof Element)) continue;
    if (node.matches(MARKED_SCRIPTS)) found.push(node as HTMLScriptElement);
    else if (node.firstElementChild) found.push(...Array.from(node.querySelectorAll<HTMLScriptElement>(MARKED_SCRIPTS)));
  }
  return found;
};

/**
 * Runs marked scripts (all the page's by default) by swapping each for a live copy. With
 * autoblocking, a script runs only once its category is accepted; without it, marking is only
 * a way to load scripts after the banner.
 */
export const activateScripts = (
  categories: readonly string[],
  site: SiteOptions | undefined,
  scripts: readonly HTMLScriptElement[] = markedScripts(),
): void => {
  for (const old of scripts) activate(old, categories, site);
};

/** The nodes a batch of mutations added (what autoblocking looks at, STD-8). */
export const addedNodes = (records: readonly MutationRecord[]): Node[] => {
  const nodes: Node[] = [];
  for (const record of records) for (const node of Array.from(record.addedNodes)) nodes.push(node);
  return nodes;
};
