import { startUi } from './bannerUi';
import type { BannerAddon, BannerConfig, ConsentApi, TemplateFunctions } from './config';
import { visitorParam } from './visitor';

/**
 * The published banner's UI (STD-8): the file the core loads without holding up the page, in
 * the visitor's language only; the visitor's region rule comes in its URL.
 */
export const start = (config: BannerConfig, template: TemplateFunctions, addon?: BannerAddon): ConsentApi =>
  startUi(config, template, visitorParam(document.currentScript), addon);
