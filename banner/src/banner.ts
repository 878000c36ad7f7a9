import { startUi } from './bannerUi';
import type { BannerAddon, BannerConfig, ConsentApi, TemplateFunctions, Visitor } from './config';
import { startGuard } from './guard';

/**
 * The whole banner in one script: the guard (what must run first), then the UI. The admin's
 * preview runs this (it has no guard: nothing of its frame needs protecting); a published
 * banner splits the two into the core (core.ts) and the UI it loads (ui.ts), STD-8.
 */
export const start = (config: BannerConfig, template: TemplateFunctions, visitor?: Visitor | null, addon?: BannerAddon): ConsentApi => {
  if (config.preview === undefined) startGuard(config, visitor);
  return startUi(config, template, visitor, addon);
};
