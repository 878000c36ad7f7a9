/**
 * PROMISE-1: what the customer marked waits for its category: scripts `type="text/plain"
 * data-consent-category="…"`, and iframes and images whose source is in `data-src` (`data-srcset`)
 * with a category. Nothing marked runs or loads before its category is consented, whatever the
 * autoblocking setting (autoblocking only adds what the customer did not mark, knownTrackers.ts);
 * `necessary` runs at once.
 */
const MARKED = 'script[type="text/plain"][data-consent-category],iframe[data-src][data-consent-category],img[data-src][data-consent-category]';

/** Set by the UI on an embed it shows a placeholder for (placeholders.ts): shown again once it loads. */
export const PLACEHOLDER_ATTRIBUTE = 'data-consent-placeholder';

/** Whether an element's category is among the consented ones (`necessary` always is). */
export const isConsented = (element: Element, categories: readonly string[]): boolean => {
  const category = element.getAttribute('data-consent-category');
  return category === 'necessary' || (category !== null && categories.includes(category));
};

const moveAttribute = (element: Element, from: string, to: string): void => {
  const value = element.getAttribute(from);
  if (value === null) return;
  element.removeAttribute(from);
  element.setAttribute(to, value);
};

const activate = (old: Element): void => {
  if (old instanceof HTMLScriptElement) {
    const fresh = document.createElement('script');
    for (const attribute of Array.from(old.attributes)) {
      if (attribute.name !== 'type') fresh.setAttribute(attribute.name, attribute.value);
    }
    const type = old.getAttribute('data-type');
    if (type) fresh.setAttribute('type', type);
    fresh.setAttribute('data-consent-activated', '');
    if (!old.src) fresh.text = old.text;
    old.parentNode?.replaceChild(fresh, old);
    return;
  }
  moveAttribute(old, 'data-srcset', 'srcset');
  moveAttribute(old, 'data-src', 'src');
  old.setAttribute('data-consent-activated', '');
  if (old.hasAttribute(PLACEHOLDER_ATTRIBUTE)) {
    old.removeAttribute(PLACEHOLDER_ATTRIBUTE);
    (old as HTMLElement).hidden = false;
  }
};

/**
 * The page's marked elements; `within` limits the search to these nodes (the ones a mutation
 * added), so a busy page is not rescanned whole.
 */
export const markedElements = (within?: readonly Node[]): Element[] => {
  if (within === undefined) return Array.from(document.querySelectorAll(MARKED));
  const found: Element[] = [];
  for (const node of within) {
    if (!(node instanceof Element)) continue;
    if (node.matches(MARKED)) found.push(node);
    else if (node.firstElementChild) found.push(...Array.from(node.querySelectorAll(MARKED)));
  }
  return found;
};

/**
 * Runs (scripts) or loads (iframes, images) the marked elements of the consented categories, all
 * the page's by default; the others stay as they are until a decision consents to them.
 */
export const activateMarked = (categories: readonly string[], elements: readonly Element[] = markedElements()): void => {
  for (const element of elements) if (isConsented(element, categories)) activate(element);
};

/** The nodes a batch of mutations added (what autoblocking looks at, STD-8). */
export const addedNodes = (records: readonly MutationRecord[]): Node[] => {
  const nodes: Node[] = [];
  for (const record of records) for (const node of Array.from(record.addedNodes)) nodes.push(node);
  return nodes;
};
