import { startUi } from './bannerUi';
import type { BannerAddon, BannerConfig, ConsentApi, TemplateFunctions, Visitor } from './config';
import { visitorParam } from './visitor';

/**
 * The published banner's UI (STD-8): the file the core loads without holding up the page, in
 * the visitor's language only; the visitor's region rule comes in its URL.
 */
export const start = (config: BannerConfig, template: TemplateFunctions, addon?: BannerAddon): ConsentApi =>
  startUi(config, template, visitorParam(document.currentScript), addon);

/**
 * The UI inside the core's own script (STD-8, the async snippet's `banner-full.js`): one request
 * after the page's first paint instead of two. The core hands over its script and the visitor.
 */
export const startEmbedded = (
  config: BannerConfig,
  template: TemplateFunctions,
  visitor: Visitor | null,
  script: HTMLScriptElement,
  addon?: BannerAddon,
): ConsentApi => startUi(config, template, visitor, addon, script);
