import { BANNER_DIST, ensureBannerBuilt } from './buildBanner.ts';

/** `npm run build:banner`: the banner's scripts into banner/dist (nothing to do when they are current). */
await ensureBannerBuilt();
console.log(`Banner scripts are current in ${BANNER_DIST}`);
