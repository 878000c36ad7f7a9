import { ensureBannerBuilt } from './buildBanner.ts';

/** Test projects that publish or compose banners get scripts built from the current sources. */
export default async function setup(): Promise<void> {
  await ensureBannerBuilt();
}
