import { activateMarked, addedNodes, markedElements } from './autoblocking';
import type { BannerConfig, StoredConsent, Visitor } from './config';
import { consentCookie } from './consentCookie';
import { pushConsentDefaults, pushConsentUpdate, warnIfSnippetSpeaksConsentMode } from './consentMode';
import { holdTracker } from './knownTrackers';
import { consentScope } from './scope';
import { linkDecorator } from './sharedConsent';

/** What must run before anything else on the page, and so what the installation snippet's core carries. */
export type GuardConfig = Pick<BannerConfig, 'consentSolutionId' | 'consentVersion' | 'categories' | 'site' | 'consentMode' | 'saleShare' | 'honourGpc'>;

/**
 * What the core runs before the banner shows (STD-1, STD-8): Consent Mode's defaults (behind
 * the async snippet, only what differs from those its inline part sent) and the stored choice's
 * update; the marked scripts, iframes and images of the choice in force (PROMISE-1: the others
 * wait, whatever the autoblocking setting); an observer that from then on looks only at the nodes
 * the page adds (the parser's too): marked ones of the choice in force run, and with autoblocking
 * on, unmarked known trackers are held like marked ones; links to shared-consent sites carrying
 * the visitor's id. Behind the synchronous tag, all of it before any other tag.
 */
export const startGuard = (
  config: GuardConfig,
  visitor: Visitor | null | undefined,
  marked = markedElements(),
  storedNow?: Partial<StoredConsent> | null,
): void => {
  const { site, undecided, everything, allowed } = consentScope(config, visitor, false);
  const cookie = consentCookie(config.consentSolutionId, false);
  /** The categories in force: the stored choice for this consent version (STD-9: never a sale/share one under GPC), else the rule's. */
  const inForce = (stored = cookie.read()): string[] =>
    stored && stored.v === config.consentVersion && stored.categories instanceof Array ? allowed(stored.categories) : undecided;
  const stored = storedNow === undefined && (config.consentMode || marked.length > 0) ? cookie.read() : storedNow;
  if (config.consentMode) {
    const decided = stored?.v === config.consentVersion && stored.categories instanceof Array ? allowed(stored.categories) : null;
    pushConsentDefaults(config.consentMode, undecided, everything, config.categories, decided !== null);
    if (decided) pushConsentUpdate(config.consentMode, decided);
  } else warnIfSnippetSpeaksConsentMode();
  if (marked.length > 0) activateMarked(inForce(stored), marked);
  if (site && window.MutationObserver) {
    const googleTagsLoad = config.consentMode?.mode === 'advanced';
    let known: string[] | undefined;
    new MutationObserver((records) => {
      const added = addedNodes(records);
      // The cookie is read (a synchronous round trip to the browser's cookie store) only when something to decide on came.
      const categories = (): string[] => (known = known || inForce());
      if (site.autoblocking) for (const node of added) if (node instanceof Element) holdTracker(node, categories, googleTagsLoad);
      const elements = markedElements(added);
      if (elements.length > 0) activateMarked(categories(), elements);
      known = undefined;
    }).observe(document.documentElement, { childList: true, subtree: true });
  }
  if (site?.sharedConsent)
    document.addEventListener(
      'click',
      linkDecorator(site, () => cookie.read()?.aid || null),
      true,
    );
};

/**
 * The guard behind the async snippet (STD-8): where it needs the stored choice (Consent Mode's
 * update, marked scripts), that is read without blocking the page (the Cookie Store API where
 * there is one, see consentCookie), then the guard runs and `then` after it.
 */
export const startGuardAsync = (config: GuardConfig, visitor: Visitor | null | undefined, then: () => void): void => {
  const marked = markedElements();
  if (!config.consentMode && marked.length === 0) {
    startGuard(config, visitor, marked);
    return then();
  }
  consentCookie(config.consentSolutionId, false).readAsync((stored) => {
    startGuard(config, visitor, marked, stored);
    then();
  });
};
